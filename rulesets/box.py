"""Box values: figures a title prints only on its components, given by the banker (issue 22).

Some titles leave figures to the boards and cards in the box: 1847 Pfalz and RRRR&B
(the Pfalz package's prices, the black/white train cards, the Pfalz Phase Table;
:mod:`rulesets.g1847pfalz`), 1853 (the stock market track and the pars;
:mod:`rulesets.g1853`).  What they share lives here, once:

* :class:`BoxKey`, one value: its key, what it is, the shipped value (``None`` where
  nothing establishes one), where that comes from, the rule that leaves it to the
  components and the card or board to read it from; :func:`series` makes one key per
  train type, phase or company;
* :class:`Reading`, a question the rules leave open and the reading the program plays;
* :func:`entries`, the state JSON's entries of the values (status ``missing``,
  ``PROVISIONAL`` or ``confirmed``, the ``line`` that gives each) and of the readings
  (status ``reading``), the layout ``moderator.boxvalues`` keeps for a table's next game;
* :class:`BoxedRuleset`, the confirm flow of ``box KEY [VALUE]`` / ``box confirm``
  before the first purchase, the values' checks, and the game held until none is
  missing;
* a Phase Table given as box values (``price.T``, ``count.T``, ``limit.P``, ``ors.P``,
  ``rust.T``, ``close.C``): :func:`phase_tables` turns the values into the ruleset's
  tables, :func:`mark_provisional` marks the figures taken from unconfirmed ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from moderator import commands as c
from moderator.errors import Refusal
from moderator.fixes import follows
from moderator.lazy import lazy_module
from moderator.script import other_digits
from moderator.state import GameState
from moderator.text import capital, counted
from rulesets.base import Ruleset

copy = lazy_module("copy")  # only for a box's trial (issue 41)

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any, ClassVar


class BoxKey(c.Record):
    """A value printed only on the components (see the module's docstring)."""

    key: str
    what: str
    shipped: int | str | None
    """The value shipped (shown PROVISIONAL until confirmed); ``None``: to give."""
    source: str
    rule: str = "11.1"
    card: str = ""
    low: int = 1
    """The least a number may be (an income may be 0)."""
    high: int = 10_000
    """The most a number may be (a charter's station tokens: 10)."""


class Reading(c.Record):
    """A question the rules leave open, the rule that leaves it, and the reading played
    (listed in the state JSON with the values, status ``reading``)."""

    key: str
    rule: str
    what: str
    value: str


def series(
    key: str,
    items: Iterable[str],
    what: str,
    shipped: Callable[[str], int | str | None],
    source: str | Callable[[str], str],
    rule: str,
    card: str,
    **more: Any,
) -> tuple[BoxKey, ...]:
    """One :class:`BoxKey` per item: ``key``, ``what`` and ``card`` are formats of ``{t}``
    (``price.{t}``), ``shipped`` (and ``source``, if callable) take the item."""
    return tuple(
        BoxKey(
            key.format(t=t),
            what.format(t=t),
            shipped(t),
            source(t) if callable(source) else source,
            rule,
            card.format(t=t),
            **more,
        )
        for t in items
    )


def given_or_shipped(keys: Iterable[BoxKey], values: Mapping[str, Any]) -> dict[str, Any]:
    """Each key's value: the one given, else the shipped one."""
    return {k.key: k.shipped if values.get(k.key) is None else values[k.key] for k in keys}


def rows_value(word: str, items: Iterable[str], rule: str) -> str:
    """A board's rows of items, top first, as the banker typed them (``A,B/C,D``): every
    item once, no row empty."""
    items = tuple(items)
    rows = [[i.strip().upper() for i in row.split(",") if i.strip()] for row in word.split("/")]
    if sorted(i for row in rows for i in row) != sorted(items) or not all(rows):
        raise Refusal(
            f"the rows hold each package item once: {', '.join(items)}, rows split by / ({rule})"
        )
    return "/".join(",".join(row) for row in rows)


def status(value: Any, confirmed: bool) -> str:
    """``missing`` (no value), ``confirmed``, or ``PROVISIONAL`` (shipped, not confirmed)."""
    return "missing" if value is None else "confirmed" if confirmed else "PROVISIONAL"


def entries(
    keys: Mapping[str, BoxKey],
    values: Mapping[str, Any],
    confirmed: Iterable[str],
    readings: Iterable[Reading] = (),
    kept_as: Callable[[str], str] = lambda key: "",
    line: Callable[[str, Any], str] | None = None,
) -> list[dict[str, Any]]:
    """The state JSON's box entries: each value (``values``' order) with its status, rule
    and card, the name it is kept under for the table's next game (``kept_as``) and,
    given ``line``, the script line that gives it; then each reading."""
    done = set(confirmed)
    out: list[dict[str, Any]] = []
    for key, value in values.items():
        k = keys[key]
        entry = {
            "key": key,
            "what": k.what,
            "value": value,
            "status": status(value, key in done),
            "shipped": k.shipped,
            "source": k.source,
            "rule": k.rule,
            "card": k.card,
            "kept_as": kept_as(key),
        }
        if line is not None:
            entry["line"] = line(key, value)
        out.append(entry)
    for reading in readings:
        out.append(
            {
                "key": f"reading:{reading.key}",
                "what": reading.what,
                "value": reading.value,
                "status": "reading",
                "rule": reading.rule,
            }
        )
    return out


def confirmed_note(given: Mapping[str, Any]) -> str:
    """The log's line of a ``box confirm``: how many values it confirmed, and each."""
    shown = ", ".join(f"{k} {v}" for k, v in given.items()) or "none left to confirm"
    return f"Box values confirmed as shown ({len(given)}): {shown}."


# --------------------------------------------------------------------- a Phase Table in the box
def by_phase(
    get: Mapping[str, Any], prefix: str, items: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """``rust.T`` / ``close.C`` values (a phase or ``never``) as phase -> the items it
    rusts or closes, the ruleset's ``rust`` / ``closings`` tables."""
    out: dict[str, tuple[str, ...]] = {}
    for item in items:
        at = str(get[f"{prefix}.{item}"])
        if at != "never":
            out[at] = (*out.get(at, ()), item)
    return out


def phase_tables(
    get: Mapping[str, Any], phases: Iterable[str], closers: Iterable[str]
) -> dict[str, Any]:
    """The ruleset's tables from a Phase Table given as box values (``get``: every key's
    value, the shipped one where none is given): one train type per phase."""
    phases = tuple(phases)
    return {
        "train_variants": {t: ((t, int(get[f"price.{t}"])),) for t in phases},
        "train_limits": {t: int(get[f"limit.{t}"]) for t in phases},
        "ors_per_set": {t: int(get[f"ors.{t}"]) for t in phases},
        "train_counts": {t: int(get[f"count.{t}"]) for t in phases},
        "rust": by_phase(get, "rust", phases),
        "closings": by_phase(get, "close", closers),
    }


def mark_provisional(
    data: dict[str, Any],
    phase: str,
    rust: Mapping[str, tuple[str, ...]],
    closings: Mapping[str, tuple[str, ...]],
) -> None:
    """Mark in a state JSON each figure taken from a value not confirmed (its
    ``provisional`` keys): a train's price, the train limit, the next phase's effects."""
    prov = set(data["provisional"])
    for entry in data["depot"]:
        entry["provisional"] = f"price.{entry['train']}" in prov
    data["train_limit_provisional"] = f"limit.{phase}" in prov
    nxt = data.get("next_phase")
    if nxt is not None:
        at = nxt["phase"]
        keys = {f"limit.{at}", f"ors.{at}"}
        keys |= {f"rust.{t}" for t in rust.get(at, ())}
        keys |= {f"close.{q}" for q in closings.get(at, ())}
        nxt["provisional"] = sorted(keys & prov)


# --------------------------------------------------------------------- the confirm flow
class BoxedRuleset(Ruleset):
    """A title whose game needs box values before its first purchase (mixed in before
    the title's engine: ``class G1847Pfalz(BoxedRuleset, G1847AE)``).

    The game's values are ``state.extra["box"]`` (key -> value, ``None`` until given),
    ``box_confirmed`` (the keys confirmed) and ``box_open`` (no other command yet).  A
    title gives :meth:`box_keys_of` and may hook :meth:`box_word` (a value of its own
    form), :meth:`box_changed` (put a value into the game), :meth:`box_noted` (after a
    ``box`` line), :meth:`box_terse` (the confirm note of an older rules level),
    :meth:`kept_as`, :meth:`game_readings`, :meth:`sync` and :meth:`start_game`.
    """

    once: ClassVar[str] = "write each option once in the `game` line"
    """The refusal of an option written twice."""

    # ------------------------------------------------------------- hooks
    def box_keys_of(self, state: GameState) -> list[BoxKey]:
        """The values this game needs from the box."""
        raise NotImplementedError

    def box_word(self, state: GameState, key: str, word: str) -> int | str | None:
        """A value of the title's own form (``None``: a number, checked by its key)."""
        return None

    def box_changed(self, state: GameState, key: str) -> None:
        """Put a changed value into the game."""

    def box_noted(self, state: GameState, keys: list[str]) -> None:
        """After a ``box`` line has given or confirmed ``keys`` (a warning, say)."""

    def box_terse(self, state: GameState) -> bool:
        """Whether ``box confirm`` notes only how many values it confirmed (as recorded by
        an older rules level)."""
        return False

    def kept_as(self, key: str) -> str:
        """The name a confirmed value is kept under for the table's next game."""
        return self.title

    def game_readings(self, state: GameState) -> list[Reading]:
        """The readings this game plays where the rules leave a question open."""
        return []

    def sync(self, state: GameState) -> None:
        """Set the ruleset's tables from the game's values (the ruleset serves one game)."""

    def start_game(self, state: GameState) -> None:
        """What the first command after the box values opens (the first stock round)."""

    def option_word(self, low: str) -> str | None:
        """A ``game`` line word as an option, or ``None``: a player's name."""
        return None

    # ------------------------------------------------------------- the values
    @staticmethod
    def box(state: GameState) -> dict[str, Any]:
        """The box values of this game: key -> value (``None`` until given)."""
        return state.extra.get("box", {})  # type: ignore[return-value]

    @staticmethod
    def open_box(state: GameState, keys: Iterable[BoxKey], **extra: Any) -> dict[str, Any]:
        """Set a new game's box: every key at its shipped value, none confirmed, the game
        held until the values are given; returns the values."""
        box: dict[str, Any] = {k.key: k.shipped for k in keys}
        state.extra.update({**extra, "box": box, "box_confirmed": [], "box_open": True})
        return box

    def missing(self, state: GameState) -> list[str]:
        """The box values this game needs and nobody has given."""
        return [k for k, v in self.box(state).items() if v is None]

    def box_json(self, state: GameState) -> list[dict[str, Any]]:
        """Each box value, its status, rule and card; then each reading (:func:`entries`)."""
        return entries(
            {k.key: k for k in self.box_keys_of(state)},
            self.box(state),
            state.extra["box_confirmed"],  # type: ignore[arg-type]
            self.game_readings(state),
            self.kept_as,
        )

    def box_title_json(self, state: GameState) -> dict[str, Any]:
        """The state JSON's box: the values (each ``missing``, ``PROVISIONAL`` or
        ``confirmed``, script.md), the readings apart (``box_readings``: not box values),
        whether the game waits for them, and the keys still ``provisional`` and
        ``missing``."""
        box = self.box_json(state)
        values = [b for b in box if b["status"] != "reading"]
        return {
            "box": values,
            "box_readings": [b for b in box if b["status"] == "reading"],
            "box_open": bool(state.extra["box_open"]),
            "provisional": [b["key"] for b in values if b["status"] == "PROVISIONAL"],
            "missing": [b["key"] for b in values if b["status"] == "missing"],
        }

    def split_options(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """The ``game`` line's words: players, and the title's options (:meth:`option_word`),
        one at most."""
        players: list[str] = []
        options: list[str] = []
        for word in words:
            option = self.option_word(word.lower().lstrip("+"))
            if option is None:
                players.append(word)
            else:
                options.append(option)
        if len(options) > 1:
            raise Refusal(self.once)
        return players, tuple(options)

    # ------------------------------------------------------------- box KEY [VALUE]
    def cmd_box(self, state: GameState, cmd: c.BoxValue) -> None:
        """``box KEY [VALUE]``, ``box confirm``: a component value from the box, before the
        game starts (1847 Pfalz 11.1, RRRR&B 12.1: the boards and cards of the version)."""
        if not state.extra["box_open"]:
            raise Refusal(
                "box values are given before the first purchase: the game has started with "
                f"the box's values ({self.rule}.1)"
            )
        box = self.box(state)
        confirmed: list[str] = state.extra["box_confirmed"]  # type: ignore[assignment]
        if cmd.key.lower() in ("confirm", "all"):
            if cmd.value is not None:
                raise Refusal(
                    f"`box confirm` takes no value: it confirms every value shown ({self.rule}.1)"
                )
            given = [k for k, v in box.items() if v is not None and k not in confirmed]
            confirmed.extend(given)
            if self.box_terse(state):
                self.note(state, f"Box values confirmed as shown: {len(given)}.")
                return
            self.note(state, confirmed_note({k: box[k] for k in given}))
            self.box_noted(state, given)
            return
        key = next((k for k in box if k.lower() == cmd.key.lower()), None)
        if key is None:
            raise Refusal(
                f"{self.edition} has no box value {cmd.key!r} (values: {', '.join(box)}; "
                f"{self.rule}.1)"
            )
        if cmd.value is None:
            if box[key] is None:
                raise Refusal(
                    f"{key} has no value yet to confirm: `box {key} VALUE` ({self.rule}.1)"
                )
            value: Any = box[key]
        else:
            value = self.box_value(state, key, cmd.value)
        box[key] = value
        if key not in confirmed:
            confirmed.append(key)
        self.box_changed(state, key)
        # what the value is, as players read it; the key is what the banker types
        what = next(k.what for k in self.box_keys_of(state) if k.key == key)
        self.note(state, f"{capital(what)}: {value}, confirmed (`box {key}`).")
        self.box_noted(state, [key])

    def box_value(self, state: GameState, key: str, word: str) -> int | str:
        """Check one value as the banker typed it: the title's own form, a phase (``rust.``,
        ``close.``), else a whole number in its key's range."""
        foreign = other_digits(word, key)
        if foreign is not None and follows(state, f"{self.title}-box-digits"):
            # int() would read `M٩٠` as 90 (a game saved before rules level 10 did)
            raise Refusal(f"{foreign} ({self.rule}.1)")
        own = self.box_word(state, key, word)
        if own is not None:
            return own
        if key.startswith(("rust.", "close.")):
            return self.phase_value(key, word)
        try:
            value = int(word.lstrip("M"))
        except ValueError:
            raise Refusal(f"{key} is a whole number, not {word!r} ({self.rule}.1)") from None
        k = next(k for k in self.box_keys_of(state) if k.key == key)
        if value < k.low or value > k.high:
            raise Refusal(
                f"{key} is a whole number from {k.low} to {k.high:,}, not {value} ({self.rule}.1)"
            )
        return value

    def phase_value(self, key: str, word: str) -> str:
        """``rust.T`` / ``close.C``: a phase of the game or ``never`` (1847 Pfalz 11.2.8)."""
        if word.lower() == "never":
            return "never"
        phases: tuple[str, ...] = self.phases
        phase = next((p for p in phases if p.lower() == word.lower()), None)
        if phase is None:
            raise Refusal(f"{key} is a phase of the game ({', '.join(phases)}) or never (11.2.8)")
        card = key.partition(".")[2]
        if key.startswith("rust.") and phases.index(phase) <= phases.index(card):
            raise Refusal(
                f"a {card}-train rusts when a later phase begins, not at {phase} (7, 11.2.8)"
            )
        return phase

    def cards_value(
        self, word: str, counts: Mapping[str, int], rule: str, *, allow_none: bool
    ) -> str:
        """Train cards named as the box's cards show them (``6+6,6+6``; ``none``), no more
        of a type than ``counts`` holds."""
        if allow_none and word.lower() == "none":
            return "none"
        cards = [w.strip().upper() for w in word.split(",") if w.strip()]
        for card in cards:
            if card not in counts:
                raise Refusal(
                    f"{card!r} is not a card of the game's trains ({', '.join(counts)}; {rule})"
                )
            if cards.count(card) > counts[card]:
                raise Refusal(
                    f"the game has {counted(counts[card], f'{card} card')}, not "
                    f"{cards.count(card)} to remove ({rule})"
                )
        return ",".join(cards)

    # ------------------------------------------------------------- the game held
    def apply(self, state: GameState, cmd: c.Command) -> Any:
        """Box values come first; any other command starts the game, once every value it
        needs has one."""
        self.sync(state)
        opening = bool(state.extra.get("box_open")) and not isinstance(
            cmd, c.BoxValue | c.Expect | c.Note
        )
        if opening:
            missing = self.missing(state)
            if missing:
                raise Refusal(
                    f"the game starts once the box's values are given: {', '.join(missing)} "
                    f"missing (`box KEY VALUE`; {self.rule}.1)"
                )
            state.extra["box_open"] = False
            self.start_game(state)
        return super().apply(state, cmd)

    def candidates(self, state: GameState) -> list[c.Command]:
        """Before the first purchase, the game's first moves as they will be once it opens
        (worked on a copy); none while a box value is missing."""
        self.sync(state)
        if not state.extra.get("box_open"):
            return super().candidates(state)
        if self.missing(state):
            return []
        opened = copy.deepcopy(state)
        self.start_game(opened)
        return super().candidates(opened)


__all__ = [
    "BoxKey",
    "BoxedRuleset",
    "Reading",
    "by_phase",
    "confirmed_note",
    "entries",
    "given_or_shipped",
    "mark_provisional",
    "phase_tables",
    "rows_value",
    "series",
    "status",
]
