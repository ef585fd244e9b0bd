"""The ruleset interface every title implements, and what all titles share.

A ruleset is data (bank, starting cash, certificate limits, market, trains,
companies) plus hooks.  :meth:`Ruleset.apply` takes a command and changes the
state through the ledger, or raises :class:`~moderator.errors.Refusal`
naming the rule; the game runs it on a clone so a refusal leaves no trace.

Commands every title shares (``note``, ``adjust``, ``expect``) are handled
here; a title handles the rest in ``cmd_<kind>`` methods.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.dataclass_subset import dataclass, field
from moderator.errors import ExpectationFailed, Refusal
from moderator.events import Noted
from moderator.fixes import FIXES, follows
from moderator.ledger import BANK, POOL, RESERVE, SCRAP, Company, Ledger, Player
from moderator.market import GridMarket
from moderator.state import GameState
from moderator.text import MOVED, a_share, because, money, same_price_move, to_cents
from rulesets.names import player_key, title_name

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar


class ScoreItem(c.Record):
    """One line of a player's score: cash, a holding, a private, or what the rules leave out.

    The score is the sum of the ``counted`` items' ``value``; an item that is not counted
    (1853's bonds, a private after 1846's phase III) is shown with ``note`` saying why.
    """

    kind: str
    """``cash``, ``shares``, ``private`` or ``excluded``."""
    what: str
    """The company (``NYC``), ``cash``, or what is excluded (``bond``)."""
    value: int
    count: int = 0
    """Shares held (``shares`` items)."""
    price: int = 0
    """The price each share (or the private) is scored at."""
    counted: bool = True
    note: str = ""
    """The rule behind the figure, or why it does not count."""


class ReceiptLine(c.Record):
    """One recipient of a run: who, how many shares, how much."""

    who: str
    shares: int
    amount: int
    note: str = ""


class Receipt(c.Record):
    """What a run pays and where the price goes: the payout receipt.

    The CLI prints :meth:`text` after a ``run``; the screen shows the same text
    live while the revenue is typed.
    """

    company: str
    revenue: int
    option: str
    per_share: int
    retained: int
    lines: tuple[ReceiptLine, ...]
    price_before: int | None
    price_after: int | None
    rule: str
    notes: tuple[str, ...] = ()
    currency: str = "$"
    price_steps: int = 0
    """Market spaces the price moves (positive: up/right), as the rule in ``rule`` says."""
    per_share_exact: str | None = None
    """The amount a share to the cent where the shares do not divide the payout (1817:
    ``26.60`` for $133 on 5), as the title's ``exact_per_share`` gives it; ``None`` where
    :attr:`per_share` is what every share is paid."""

    def pays_per_share(self) -> bool:
        """Whether every holder is paid his shares times :attr:`per_share` (not 1817's
        amount a holder rounded up)."""
        per = self.per_share
        return all(not x.shares or x.amount in (0, x.shares * per) for x in self.lines)

    def per_share_figure(self) -> str:
        """The amount a share as every view shows it, without the sign: ``26.60`` where the
        shares do not divide the payout (:attr:`per_share_exact`), else ``26``."""
        return self.per_share_exact or str(self.per_share)

    def per_share_text(self) -> str:
        """The amount a share; a payout the shares do not divide (1817: $133 on 5) pays each
        holder's amount rounded up, and the whole dollars a share are no holder's rate:
        the exact amount is said instead."""
        m, per = self.currency, self.per_share
        paid, units = self.revenue - self.retained, sum(x.shares for x in self.lines)
        if self.per_share_exact is not None and units:
            return (
                f"{money(m, paid)} on {units} shares: "
                f"{a_share(m, self.per_share_exact)}, each line as paid"
            )
        if self.pays_per_share():
            return a_share(m, per)
        exact = to_cents(paid, units) if units else None
        if exact is not None:
            return f"{money(m, paid)} on {units} shares: {a_share(m, exact)}, each line as paid"
        return f"{a_share(m, per)} and a part, each line as paid"

    def text(self) -> str:
        """The receipt as plain text lines."""
        m = self.currency
        # A run of 0 pays nothing whatever payout was named: say so, not "withhold"
        # (issue 18.11: `run L 0 full` is no withholding; the price moves as for none paid).
        head = "no revenue, no dividend" if self.revenue == 0 else self.option
        out = [f"{self.company} runs {money(m, self.revenue)}, {head}"]
        if self.per_share:
            out.append(f"  {self.per_share_text()}")
        # A column of amounts, each written as everywhere else (``$1,026``: the sign
        # attached, grouped) and aligned whole on the right, the widest setting the width.
        amounts = [money(m, line.amount) for line in self.lines]
        if self.retained:
            amounts.append(money(m, self.retained))
        width = max(map(len, amounts), default=0)
        named = max([12, *(len(x.who) for x in self.lines)])  # 1847 AE: initial offering
        for line, amount in zip(self.lines, amounts, strict=False):  # retained: the last
            shares = f"{line.shares} sh" if line.shares else ""
            # a note with its own rule ("$16 stays in the bank (6.73)") is not put in
            # parentheses again
            note = f"  {line.note}" if "(" in line.note else f"  ({line.note})"
            note = note if line.note else ""
            out.append(f"  {line.who:<{named}} {shares:>6} {amount:>{width}}{note}")
        if self.retained:
            out.append(f"  {'retained':<{named}} {'':>6} {amounts[-1]:>{width}}")
        out.extend(f"  {n}" for n in self.notes)
        if self.price_before is not None and self.price_after is not None:
            before, after = money(m, self.price_before), money(m, self.price_after)
            moved = same_price_move(self.rule, before) if before == after else None
            if moved:  # 1817's $0 cells: the marker moves, the price does not (facts §7)
                out.append(f"  {moved}")
            elif before == after:  # not "$80 → $80"; the rule says what the marker did
                out.append(because(f"  price stays at {before}", self.rule))
            else:
                out.append(because(f"  price {before} {MOVED} {after}", self.rule))
        return "\n".join(out)


def keep_next_methods(cls: type, mixin: type, **names: str) -> None:
    """Gives ``cls`` each method ``name`` that follows ``mixin`` in ``cls``'s order of
    classes, as the attribute ``alias`` (``alias="name"``): found once a class, from the
    mixin's ``__init_subclass__``.  A mixin's hook the tool asks after every turn then
    calls ``self.alias(...)``, where ``super()`` would walk the title's long order of
    classes (fifteen for 18Chesapeake) at every call."""
    following = super(mixin, cls)
    for alias, name in names.items():
        setattr(cls, alias, getattr(following, name))


@dataclass
class Ruleset:
    """Base class of a title's rules: tables as class data, behaviour as hooks."""

    title: ClassVar[str] = ""
    """The title's id, as ``game TITLE`` writes it and the saves and the JSON keep it."""
    currency: ClassVar[str] = "$"
    president_word: ClassVar[str] = "president"
    """What the title's rules call a corporation's president in its lines and refusals
    (1847 AE: director, 5; 1853: director, 2.9), as ``narrate.WORDS`` for the log."""
    presidency_word: ClassVar[str] = "presidency"
    """And the office (1847 AE, 1853: directorship)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    removal_groups: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Setup: groups of companies from which some are removed by player count (1846 2.3)."""
    removals_per_group: ClassVar[dict[int, int]] = {}
    """Setup: how many of each removal group go, by number of players."""
    rule_numbers: ClassVar[dict[str, str]] = {}
    """The rulebook section of each shared mechanism, cited in refusals and receipts: the
    shared modules write ``self.r("turn")`` and each title maps the key to its number.
    Every title has the same keys.  Two of the bank's: ``bank_runs_out``, the rule that the
    bank running out of money ends the game (1846 10.1, 1847 AE 9, 1853 5.1.1), cited by the
    bank line's "broken"; ``bank_broken``, the rule on how the game goes on to its end once
    it has (1846 10.1, 1847 AE 9, 1853 5.1.2)."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Other spellings of company ids (upper case, ``&`` removed) -> canonical id."""

    @property
    def title_name(self) -> str:
        """The title as people read it (``1847 Pfalz``, where the id is ``1847Pfalz``):
        refusals, screens and exports name the title so; the script and the JSON keep the id."""
        return title_name(self.title)

    def r(self, key: str) -> str:
        """The title's rule number for the shared mechanism ``key`` (see :attr:`rule_numbers`)."""
        return self.rule_numbers[key]

    @classmethod
    def players_refusal(cls, count: int) -> str | None:
        """Why a game of ``count`` players is refused, naming the title's ``players`` rule
        (1846: ``1846 is for 3 to 5 players (2.2)``), or ``None`` for a count it takes: the
        one wording of the ``game`` line's refusal and of the new-game form's."""
        if cls.min_players <= count <= cls.max_players:
            return None
        return (
            f"{title_name(cls.title)} is for {cls.min_players} to {cls.max_players} "
            f"players ({cls.rule_numbers['players']})"
        )

    # ------------------------------------------------------------- setup
    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """The ``game`` line's words after the title: players, and the title's option words
        (1847 AE: ``variant``).  A title without options takes every word as a player."""
        return words, ()

    @staticmethod
    def doubled_option(words: list[str], players: list[str]) -> str | None:
        """Why the ``game`` line's ``words`` are refused for an option written twice
        (``short short``, ``brownpool BROWNPOOL``), or ``None``.  ``players`` are the words
        :meth:`split_options` left as players; the others are option words.  The rules are
        silent: an option is on or off, and a doubled word is a slip to be said, as 1846's
        ``2e 2e`` always was (every title's, :data:`moderator.fixes.OPTIONS_ONCE_LEVEL`)."""
        rest = list(words)
        for name in players:
            rest.remove(name)
        seen: set[str] = set()
        for word in rest:
            if word.lower() in seen:
                return f"write each option once in the `game` line: {word!r} is written twice"
            seen.add(word.lower())
        return None

    def new_state(self, players: list[str], options: tuple[str, ...] = ()) -> GameState:
        """The state right after ``game TITLE PLAYER... [OPTION...]``."""
        raise NotImplementedError

    @staticmethod
    def seat_players(
        ledger: Ledger, players: list[str], cash: int, reason: str, reserved: set[str]
    ) -> None:
        """Seat ``players`` in order, the bank paying each ``cash``; a name that is a
        company's (any case) or an account's (bank, pool, scrap, ``reserved``) is refused."""
        taken = {cid.lower() for cid in ledger.companies} | {BANK, POOL, SCRAP} | reserved
        for name in players:
            if name.lower() in taken:
                raise Refusal(f"a player may not be called {name!r}: it names a company or account")
            taken.add(name.lower())
            ledger.players.append(Player(name=name))
            ledger.transfer(BANK, name, cash, reason)

    variant_words: ClassVar[dict[str, str]] = {}
    """Words of the ``game`` line (lower case, without ``-``, ``_`` or spaces) that name a
    variant the title does not play, or one of its options spelled otherwise, each with the
    refusal to give: from the title's rules fix ``TITLE-game-words`` (rules level 11) never
    seated as a player (18Chesapeake's ``otr``: a fourth player at $600 each)."""

    def at_rules_level(self, state: GameState) -> None:
        """Set up what a new game's rules level changes, once ``state.rules_level`` is set
        (:mod:`moderator.fixes`: a save replays as recorded): by default only the refusal of
        a player named by :attr:`variant_words`, and one named like a company's alias."""
        self.refuse_alias_names(state)
        if not self.variant_words or not follows(state, f"{self.title}-game-words"):
            return
        for player in state.ledger.players:
            key = player.name.lower().replace("-", "").replace("_", "").replace(" ", "")
            why = self.variant_words.get(key)
            if why is not None:
                raise Refusal(f"`{player.name}` in the `game` line: {why}")

    def refuse_alias_names(self, state: GameState) -> None:
        """The names rule of :meth:`seat_players` extended to the title's other spellings
        of its companies (:attr:`aliases`: 1817's ``P1``…``P11``), which a line would read
        as the company: only for a game of the title's fix ``TITLE-alias-names`` (a save
        keeps its players' names)."""
        ident = f"{self.title}-alias-names"
        if ident not in FIXES or not follows(state, ident):
            return
        for player in state.ledger.players:
            key = player.name.upper().replace("&", "").replace(" ", "")
            if key in self.aliases:
                raise Refusal(
                    f"a player may not be called {player.name!r}: it names a company "
                    f"({self.aliases[key]})"
                )

    # ------------------------------------------------------------- names
    def player_name(self, state: GameState, word: str) -> str:
        """Canonical name of the player ``word`` (case-insensitive); failing that, the one
        player whose name a new game would not tell apart from it (:func:`player_key`:
        ``Zoë`` typed with its accent as one character or as two, ``Straße``/``STRASSE``),
        so a name that looks the same is never "no player" (the hardening audit)."""
        low = word.lower()
        for p in state.ledger.players:
            if p.name.lower() == low:
                return p.name
        key = player_key(word)
        alike = [p.name for p in state.ledger.players if player_key(p.name) == key]
        if len(alike) == 1:  # two (a save made before 42.4) would be a guess: refused
            return alike[0]
        raise Refusal(f"no player called {word!r}")

    def company_id(self, state: GameState, word: str) -> str:
        """Canonical id of the company ``word``: case-insensitive, ``&`` optional."""
        key = word.upper().replace("&", "").replace(" ", "")
        key = self.aliases.get(key, key)
        if key in state.ledger.companies:
            return key
        why = self.absent(state, key)
        if why is not None:
            raise Refusal(why)
        raise Refusal(f"no company {word!r} in {title_name(state.title)}")

    def absent(self, state: GameState, key: str) -> str | None:
        """Why the company ``key`` of the title's box is not in this game, with the rule
        (1847 Pfalz: Krauss & Co., 4.1), or ``None`` for a name the title does not know."""
        return None

    def entity(self, state: GameState, word: str) -> str:
        """A player, company or ``bank``: for ``adjust`` and ``expect``."""
        if word.lower() == BANK:
            return BANK
        try:
            return self.player_name(state, word)
        except Refusal:
            pass
        try:
            return self.company_id(state, word)
        except Refusal:
            raise Refusal(f"no player or company called {word!r}") from None

    # ------------------------------------------------------------- apply
    def apply(self, state: GameState, cmd: c.Command) -> Receipt | None:
        """Apply ``cmd`` to ``state`` or raise :class:`Refusal` naming the rule.

        Returns the receipt of a ``run`` (what it paid, where the price went), as the
        rules worked it out before paying; ``None`` for every other command.
        """
        if isinstance(cmd, c.Expect):
            self.check_expect(state, cmd)
            return None
        if state.ended and not isinstance(cmd, c.Note):
            raise Refusal("the game has ended; only checks and notes are accepted")
        handler = getattr(self, f"cmd_{cmd.kind}", None)
        if handler is None:
            raise Refusal(f"'{cmd.kind}' is not a command of {self.title_name}")
        receipt: Receipt | None = handler(state, cmd)
        return receipt

    def cmd_note(self, state: GameState, cmd: c.Note) -> None:
        """``note``: journaled, changes nothing."""
        state.ledger.events.append(Noted(text=cmd.text))

    def cmd_adjust(self, state: GameState, cmd: c.Adjust) -> None:
        """``adjust ENTITY AMOUNT REASON``: a correction moved against the bank."""
        who = self.entity(state, cmd.entity)
        if who == BANK:
            raise Refusal("adjust moves money between the bank and a player or company")
        reason = f"adjustment: {cmd.reason}"
        if cmd.amount == 0:
            raise Refusal("an adjustment of 0 changes nothing")
        if cmd.amount > 0:
            # A correction mends the table's money; the bank pays it only out of the cash
            # it holds.  More than that is a typo (`adjust Amy 999999`) and is refused: an
            # adjustment never dips into the money put aside at setup (1846 2.2) and never
            # overdraws the bank.  One that pays out exactly what is left empties the bank,
            # which breaks it like any payment (the title's rule: 1846 10.1, 1847 AE 9, 1853
            # 5.1.1): the rules are silent, and a banker may be putting right a payment that
            # emptied the bank at the table.
            bank = state.ledger.bank
            if cmd.amount > bank:
                held = "nothing" if bank <= 0 else f"only {self.money(bank)}"
                raise Refusal(
                    f"the bank holds {held}; an adjustment of {self.money(cmd.amount)} "
                    f"to {who} is refused: the bank cannot pay it ({self.r('bank_runs_out')})"
                )
            self.bank_pays(state, who, cmd.amount, reason)
        else:
            have = state.ledger.cash_of(who)
            if have < -cmd.amount:
                raise Refusal(
                    f"{who} has only {self.money(have)}; an adjustment cannot take "
                    f"{self.money(-cmd.amount)} (a player's or company's cash never "
                    f"goes below zero)"
                )
            state.ledger.transfer(who, BANK, -cmd.amount, reason)

    # ------------------------------------------------------------- money
    def money(self, amount: int) -> str:
        """An amount as players read it, in the title's currency: ``$1,100``, ``£61``, ``-$20``
        (:func:`moderator.text.money`, the one convention of every line and screen)."""
        return money(self.currency, amount)

    def bank_pays(self, state: GameState, target: str, amount: int, reason: str) -> None:
        """The bank pays ``target``; a bank that runs out is broken (see :meth:`bank_broke`)."""
        state.ledger.transfer(BANK, target, amount, reason)
        if not state.bank_broken and state.ledger.bank <= 0:
            self.bank_broke(state)

    def bank_broke(self, state: GameState) -> None:
        """Hook: the bank has run out of money; the money put aside at setup comes back."""
        state.bank_broken = True
        state.broken_in_round = state.round_number
        state.bank_ran_out_at = state.ledger.bank
        reserve = state.ledger.reserve
        state.reserve_added = reserve
        if reserve:
            # 1846 10.1 (with 2.2): the only title with money put aside at setup
            why = f"the bank broke: the money put aside at setup is added ({self.r('bank_broken')})"
            state.ledger.transfer(RESERVE, BANK, reserve, why)
        state.ledger.events.append(Noted(text=self.bank_broke_text(state)))

    def bank_broke_text(self, state: GameState) -> str:
        """The line that tells the table the bank has broken (a title names its rule)."""
        added = (
            f"; the {self.money(state.reserve_added)} put aside is added"
            if state.reserve_added
            else ""
        )
        held = self.money(state.bank_ran_out_at or 0)
        # what follows, with its rule (1830 25.0, 1889 and 18Chesapeake facts §11): the
        # line once said only that it broke
        return f"The bank has broken (it holds {held}){added}: {self.bank_ends_game}."

    def bank_json(self, state: GameState) -> dict[str, Any]:
        """The state JSON's ``bank``: cash, broken, reserve, and a note once it has broken.

        ``cash`` is what the bank account holds now.  After the break that can be a positive
        figure (the reserve came in) or a negative one (the bank paid past its last dollar):
        ``note`` says which, so a broken bank never shows a bare positive amount.  ``rule``
        is the title's rule on the bank running out (``bank_runs_out``, see
        :attr:`rule_numbers`), which the bank line cites beside "broken".
        """
        note = None
        if state.bank_broken:
            note = self.bank_note(state)
        return {
            "cash": state.ledger.bank,
            "broken": state.bank_broken,
            "reserve": state.ledger.reserve,
            "ran_out_at": state.bank_ran_out_at,
            "reserve_added": state.reserve_added,
            "note": note,
            "rule": self.rule_numbers.get("bank_runs_out"),
            "ends": self.bank_ends_game,
        }

    bank_ends_game: ClassVar[str] = "the game ends after this set of operating rounds"
    """When a broken bank ends the game, as the status bar says it (the state JSON's
    ``bank.ends``; a title whose rule differs sets its own words and rule)."""

    bank_ends_with_the_or: ClassVar[bool] = False
    """Whether a broken bank ends the game with the operating round under way (broken in a
    stock round: the next one) rather than the set (1853 5.1.2); `score` and the projection
    read it."""

    def ors_in_coming_set(self, state: GameState) -> int:
        """The operating rounds of the set a stock round leads to: the phase's count where the
        title fixes it by phase when the stock round ends (1830 22.0, 1847 AE phase table,
        1853 Table 6); ``ors_in_set`` (the last set's) still holds the count until then."""
        per_phase: dict[str, int] | None = getattr(self, "ors_per_set", None)
        if state.round_kind == "SR" and per_phase and state.phase in per_phase:
            return per_phase[state.phase]
        return state.ors_in_set

    def run_ends_game(self, state: GameState, cid: str) -> str | None:
        """Why ``cid``'s run just made ends the game at once (1853 5.1.3: a price on the
        market's last space), ``None`` when it does not (every other title)."""
        return None

    def bank_end_reason(self, state: GameState) -> str:
        """Why the game will end while the bank is broken and the rounds it leaves are
        played: `score`'s reason "if the game ended now" (the game-end rule cited)."""
        rule = self.r("game_end")
        if not self.bank_ends_with_the_or:
            return (
                f"the bank broke in round set {state.broken_in_round}: the game ends after "
                f"that set's operating rounds ({rule})"
            )
        if state.round_kind == "OR" and state.or_number is not None:
            which = f"this operating round (OR {state.round_number}.{state.or_number})"
        else:
            which = "the next operating round"
        return (
            f"the bank broke in round set {state.broken_in_round}: the game ends when "
            f"{which} is complete ({self.r('bank_broken')})"
        )

    def bank_note(self, state: GameState) -> str:
        """Why a broken bank shows the figure it shows (a title adds its rule)."""
        bank = state.ledger.bank
        parts = [
            f"the bank broke in round set {state.broken_in_round} "
            f"(it held {self.money(state.bank_ran_out_at or 0)})"
        ]
        if state.reserve_added:
            parts.append(f"{self.money(state.reserve_added)} put aside at setup was added")
        if bank < 0:
            parts.append(f"it has paid {self.money(-bank)} more than it holds")
        else:
            parts.append(f"{self.money(bank)} is left to keep paying")
        return "; ".join(parts)

    # ------------------------------------------------------------- game end
    def ranking(self, state: GameState) -> list[dict[str, Any]] | None:
        """The final places, ``None`` before the end.

        Players with the same score share a place, and the next place counts them all
        (two first, then third).  A bankrupt player is out of the game: the rules give no
        place to one, so, as a banker would, they come after every player still in it.
        """
        if not state.ended or state.result is None:
            return None
        return self.places(state, state.result)

    def places(self, state: GameState, scores: dict[str, int]) -> list[dict[str, Any]]:
        """Places for ``scores`` (the final result, or a score "if the game ended now"),
        ties sharing a place as :meth:`ranking` describes."""
        bankrupt = {p.name for p in state.ledger.players if p.bankrupt}
        seat = {p.name: i for i, p in enumerate(state.ledger.players)}
        order = sorted(scores, key=lambda n: (n in bankrupt, -scores[n], seat.get(n, 0)))
        places: list[dict[str, Any]] = []
        for position, name in enumerate(order, start=1):
            key = (name in bankrupt, scores[name])
            last = places[-1] if places else None
            if last is not None and (last["bankrupt"], last["score"]) == key:
                last["players"].append(name)
                continue
            places.append(
                {"place": position, "players": [name], "score": key[1], "bankrupt": key[0]}
            )
        return places

    # ------------------------------------------------------------- payouts
    payout_kinds: ClassVar[tuple[str, ...]] = ("full", "half", "withhold")
    """What a title lets a run do with its revenue (1853: ``full`` and ``withhold``)."""

    def payout_options(self, state: GameState, company_id: str) -> tuple[str, ...]:
        """What ``company_id`` may do with its revenue now, in the order a dialog offers them.

        Each word is a ``run`` option; a title whose companies must split (1846's
        independent railroads) answers ``("split",)``, written as ``run CO REVENUE``
        with no option (the contract: they split without a word).
        """
        return tuple(k for k in ("full", "half", "withhold") if k in self.payout_kinds)

    # ------------------------------------------------------------- queries
    def player_value(self, state: GameState, name: str) -> int:
        """Cash plus holdings as scored at game end."""
        raise NotImplementedError

    def company_price(self, state: GameState, company: Company) -> int | None:
        """Share price of a company, if it has one."""
        if state.market.has(company.id):
            return state.market.price(company.id)
        return None

    def state_json(self, state: GameState) -> dict[str, Any]:
        """The state JSON of the spec (extra keys allowed)."""
        raise NotImplementedError

    def receipt(
        self,
        state: GameState,
        company: str,
        revenue: int,
        option: str | None,
        mail: int | None = None,
    ) -> Receipt:
        """The payout receipt a run would produce, without running it."""
        raise NotImplementedError

    def variant_note(self, state: GameState) -> str | None:
        """A variant the game plays by its player count, for the new-game form (18Chesapeake
        with two players: §13), or ``None``."""
        return None

    def candidates(self, state: GameState) -> list[c.Command]:
        """Commands worth offering now (the game keeps only those the rules accept)."""
        return []

    def next_actor(self, state: GameState) -> str | None:
        """Who the next line is expected from (the player or company to act), ``None``
        when nobody in particular is; the state JSON's ``to_act``, which the screen's
        header names and whose ``pass`` the ``x`` key gives (issue 37.3)."""
        return None

    # ------------------------------------------------------------- checks
    def market_cell(self, state: GameState, cid: str) -> str:
        """Where ``cid``'s marker stands on a 2-D market, as ``expect CORP cell ROW COL``
        writes it (``ROW COL``, row 0 at the top), ``none`` off the market; refused for a
        title whose market is not a grid (a price fixes the space there)."""
        market = state.market
        if not isinstance(market, GridMarket):
            raise Refusal(
                f"{self.title_name}'s market has no rows and columns: check the price with "
                f"`expect {cid} price N`"
            )
        if not market.has(cid):
            return "none"
        row, col = market.cell(cid)
        return f"{row} {col}"

    def check_expect(self, state: GameState, cmd: c.Expect) -> None:
        """``expect``: compare one figure; raise :class:`ExpectationFailed` when it differs."""
        actual: str
        expected = cmd.value
        fld = cmd.field
        if fld == "phase":
            actual = state.phase
            same = actual.lower() == expected.lower()
        elif fld == "round":
            actual = state.round_kind if state.round_kind != "setup" else "setup"
            # the setup steps read SR in the state JSON's round.kind (script.md): `expect
            # round SR` agrees with it there; `expect round setup` still holds
            same = actual.lower() == expected.lower() or (
                actual == "setup" and expected.upper() == "SR"
            )
        elif fld == "priority":
            actual = state.priority or "nobody"
            same = actual == self.player_name(state, expected)
        else:
            who = self.entity(state, cmd.subject)
            if fld == "cash":
                actual = str(state.ledger.cash_of(who))
            elif fld == "price":
                company = state.company(self.company_id(state, cmd.subject))
                price = self.company_price(state, company)
                actual = "none" if price is None else str(price)
            elif fld == "shares":
                company = state.company(self.company_id(state, cmd.corp or ""))
                actual = str(company.holder_percent(self.player_name(state, cmd.subject)))
            elif fld == "value":
                actual = str(self.player_value(state, self.player_name(state, cmd.subject)))
            elif fld == "cell":
                actual = self.market_cell(state, self.company_id(state, cmd.subject))
            elif fld == "president":
                company = state.company(self.company_id(state, cmd.subject))
                actual = company.president() or "nobody"
                try:
                    expected = self.player_name(state, expected)
                except Refusal:
                    pass
            else:  # pragma: no cover - the parser knows the fields
                raise Refusal(f"cannot check {fld}")
            same = actual == expected or (
                actual.isdigit() is False and actual.lower() == expected.lower()
            )
            if fld in ("cash", "price", "shares", "value"):
                try:
                    same = int(actual) == int(expected)
                except ValueError:
                    same = actual == expected
        if not same:
            subject = cmd.subject if fld not in ("phase", "round", "priority") else ""
            label = " ".join(x for x in (subject, fld, cmd.corp or "") if x)
            raise ExpectationFailed(f"expected {label} {cmd.value}, but it is {actual}")
