"""The train depot every 18xx has: trains sold in order, phases, limits, rust.

A title declares its trains as tables (:attr:`TrainDepot.train_variants`,
:attr:`TrainDepot.card_phase`, limits, what rusts or phases out when) and
overrides a few hooks where its rulebook differs: where a train given up over
the limit goes, what a new phase does besides trains, what happens when a
corporation buys a new train, and whether a president pays toward one.
"""

from __future__ import annotations

from moderator import commands as c
from moderator.errors import Refusal
from moderator.events import CompanyClosed, PhaseChanged, TrainMoved
from moderator.ledger import BANK, POOL, SCRAP, Company, Train
from moderator.state import GameState
from moderator.text import because, with_article
from rulesets.base import Ruleset

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import ClassVar


class TrainDepot(Ruleset):
    """Trains for sale, phases and train limits (the tables) and buying trains (the flow)."""

    train_variants: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = {}
    """Each train card and the variants it is sold as, with list prices."""
    card_phase: ClassVar[dict[str, str]] = {}
    """The phase the first card of each kind starts."""
    phases: ClassVar[tuple[str, ...]] = ()
    train_limits: ClassVar[dict[str, int]] = {}
    """Train limit per phase."""
    phase_out: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Cards phased out (run once more, then leave) when a phase begins."""
    rust: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Cards that rust (leave the game at once) when a phase begins."""
    unlimited_card: ClassVar[str | None] = None
    """A card the bank never runs out of (1846 6.84: phase IV trains)."""
    available_beside: ClassVar[dict[str, str]] = {}
    """A card the bank sells beside the current one once a phase has begun (1830 21.0: the
    D beside the 6s from the first 6 on): card -> phase."""
    trade_in: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {}
    """Trains the bank sells for less with one given back in part-exchange: card -> (the
    trains it takes, the discount) (1830 21.0: a D for $300 less with a 4, 5 or 6).  The
    train given back goes to the bank, which sells it again at face value while its type
    is in use; the rule is the title's ``trade_in``."""
    excess_to_pool: ClassVar[bool] = False
    """Trains over the limit go to the bank pool for sale at list price (1847 AE 6.8);
    otherwise back to the bank as returned trains (1846 6.83)."""
    train_pool_name: ClassVar[str] = "bank pool"
    """What the title's rules call the place of the trains given up over the limit, as
    lines name it (1847 AE 6.8, 1853 4.8.6, 1817 9.1: the bank pool)."""
    returned_from_pool: ClassVar[bool] = False
    """Without :attr:`excess_to_pool`, ``train C T from pool`` buys a train given back to
    the bank (over the limit or traded in) at face value, as ``train C T`` does (1830 21.0:
    the contract's spelling); otherwise such a title has no train pool to buy from."""

    # ------------------------------------------------------------- tables read
    @staticmethod
    def _new_train(state: GameState, card: str, name: str) -> Train:
        state.train_serial += 1
        return Train(serial=state.train_serial, card=card, name=name)

    def variant_card(self, name: str) -> str | None:
        """The card a train name belongs to (``"3/5"`` -> ``"4"`` in 1846)."""
        for card, variants in self.train_variants.items():
            if any(n == name for n, _ in variants):
                return card
        return None

    def list_price(self, name: str) -> int:
        """The printed price of the train ``name``."""
        for variants in self.train_variants.values():
            for n, price in variants:
                if n == name:
                    return price
        raise Refusal(f"no {name} train in {self.title_name}")

    def all_trains(self, state: GameState) -> list[Train]:
        """Trains the bank sells now: returned ones, then the current card."""
        avail = list(state.returned)
        if state.depot:
            first = state.depot[0]
            avail.append(first)
            for card, phase in self.available_beside.items():
                if first.card != card and self.phases.index(state.phase) >= self.phases.index(
                    phase
                ):
                    beside = next((t for t in state.depot if t.card == card), None)
                    if beside is not None:
                        avail.append(beside)
        return avail

    def available_variants(self, state: GameState) -> list[tuple[str, int, Train]]:
        """Every (variant, price, card) the bank sells now."""
        out = []
        seen: set[tuple[str, str]] = set()
        for train in self.all_trains(state):
            for name, price in self.train_variants[train.card]:
                key = (train.card, name)
                if key not in seen:
                    seen.add(key)
                    out.append((name, price, train))
        return out

    def cheapest_train(self, state: GameState) -> int | None:
        """Price of the cheapest train the bank sells now."""
        prices = [p for _, p, _ in self.available_variants(state)]
        return min(prices) if prices else None

    def dearest_train(self, state: GameState) -> int | None:
        """Price of the dearest train the bank sells now."""
        prices = [p for _, p, _ in self.available_variants(state)]
        return max(prices) if prices else None

    def counted_trains(self, company: Company) -> int:
        """Trains counting toward the limit: phased out ones do not."""
        return sum(1 for t in company.trains if not t.phased_out)

    def train_limit(self, state: GameState) -> int:
        """Train limit of the current phase."""
        return self.train_limits[state.phase]

    def over_limit(self, state: GameState) -> list[Company]:
        """Corporations holding more trains than the limit after a phase change."""
        limit = self.train_limit(state)
        # Checked before every command: a company with no more trains than the limit,
        # phased out ones included, cannot be over it, and that is nearly every company,
        # which a plain loop tells without starting a generator.
        for co in state.ledger.companies.values():
            if len(co.trains) > limit:
                break
        else:
            return []
        return [
            co
            for co in state.ledger.corporations()
            if len(co.trains) > limit and self.counted_trains(co) > limit
        ]

    def pool_train_names(self, state: GameState) -> list[str]:
        """Trains lying in the bank pool (only titles with :attr:`excess_to_pool`)."""
        return [t.name for t in self.pool_trains(state)]

    # ------------------------------------------------------------- hooks
    def check_train_purchase(
        self, state: GameState, company: Company, cmd: c.BuyTrain, name: str
    ) -> None:
        """Refuse a purchase the title forbids before the common checks (default: none)."""

    def pool_trains(self, state: GameState) -> list[Train]:
        """The trains lying in the bank pool (titles with :attr:`excess_to_pool`)."""
        # Only titles with a train pool keep the list (set up in their ``new_state``).
        return state.extra.get("pool_trains", [])  # type: ignore[return-value]

    def before_president_pays(self, state: GameState, company: Company, short: str) -> None:
        """Refuse a president's contribution the title does not allow yet (default: none)."""

    president_pays_other_company: ClassVar[bool] = False
    """Whether a forced purchase may take another corporation's train with the president's
    money added, at no more than its face value (1830 24.0(2)); default: his money goes only
    toward the bank's trains."""

    def face_value(self, name: str) -> int:
        """The bank's price of a ``name`` train."""
        return next(p for vs in self.train_variants.values() for n, p in vs if n == name)

    def president_share(
        self, state: GameState, company: Company, name: str, price: int, seller: str | None = None
    ) -> int:
        """What the president adds toward a train the company cannot afford (``seller``: the
        corporation selling it, ``None`` the bank), or refuse."""
        short = f"{company.id} has {self.money(company.cash)}, the {name} costs {self.money(price)}"
        if self._forced_purchase(state) is None:  # type: ignore[attr-defined]
            raise Refusal(
                f"{short}; a {self.president_word} adds money only to a forced purchase "
                f"({self.r('president_pays')})"
            )
        self.before_president_pays(state, company, short)
        president = company.president()
        assert president is not None and president != POOL
        need = price - company.cash
        cash = state.ledger.player(president).cash
        if cash < need:
            raise Refusal(
                f"{short}; {president} has {self.money(cash)} of the {self.money(need)} needed: "
                f"sell shares ({self.r('forced_sale')}) or declare bankruptcy "
                f"({self.r('bankrupt')})"
            )
        return need

    def new_train_bought(
        self, state: GameState, company: Company, train: Train, price: int
    ) -> None:
        """After a train from the bank's new trains was sold (Krauss & Co., 1847 AE 4.1)."""

    def phase_started(self, state: GameState, phase: str) -> None:
        """What a new phase does besides trains (1846: privates close)."""

    def phase_notes(self, phase: str) -> list[str]:
        """Words for what :meth:`phase_started` does, for the phase change line."""
        return []

    # ------------------------------------------------------------- buying
    def cmd_train(self, state: GameState, cmd: c.BuyTrain) -> None:
        """``train``: buy a train from the bank, the pool or another corporation."""
        company = self.operating_company(state, cmd.corp)  # type: ignore[attr-defined]
        cid = company.id
        name = cmd.train.upper().replace("-", "")
        self.check_train_purchase(state, company, cmd, name)
        if not state.ran:
            raise Refusal(f"{cid} buys trains after its dividend step ({self.r('train_step')})")
        limit = self.train_limit(state)
        trading = cmd.trade is not None
        if trading and not self.trade_in:
            raise Refusal(
                f"{self.title_name} has no trade-in: the bank sells trains whole, at their "
                f"printed price ({self.r('train_buy')})"
            )
        if self.counted_trains(company) - trading >= limit:
            raise Refusal(f"{cid} is at the train limit of {limit} ({self.r('train_limit')})")
        if self.variant_card(name) is None:
            names = ", ".join(n for v in self.train_variants.values() for n, _ in v)
            raise Refusal(
                f"no {cmd.train} train in {self.title_name} (trains: {names}; "
                f"{self.r('train_buy')})"
            )
        if trading and (cmd.source is not None or self.variant_card(name) not in self.trade_in):
            toward = "one from the bank" if cmd.source is not None else f"a {name}"
            raise Refusal(f"no train is traded in toward {toward} ({self.r('trade_in')})")
        if cmd.source == "pool":
            self._buy_from_pool(state, company, name)
            return
        if cmd.source is not None:
            self._buy_from_company(state, company, name, cmd.source, cmd.price or 0)
            return
        match = [v for v in self.available_variants(state) if v[0] == name]
        if not match:
            offer = (
                ", ".join(f"{n} {self.money(p)}" for n, p, _ in self.available_variants(state))
                or "none"
            )
            raise Refusal(
                f"the bank does not sell {with_article(name)} train now ({self.r('train_order')}); "
                f"it sells: {offer}"
            )
        _, price, train = match[0]
        if cmd.trade is not None:
            price = self._trade_in(state, company, name, cmd.trade, price)
        president_pays = 0
        if company.cash < price:
            president_pays = self.president_share(state, company, name, price)
        self._buy_from_bank(state, company, name, price, train, president_pays)

    def _buy_from_bank(
        self,
        state: GameState,
        company: Company,
        name: str,
        price: int,
        train: Train,
        president_pays: int,
        reason: str = "",
    ) -> None:
        """Sell ``train`` as ``name``; ``reason``: why the tool bought it by itself."""
        cid = company.id
        forced = self.r("forced_purchase")
        if president_pays:
            # the president's share is his own rule where the title has one (1847 AE 6.8.2
            # beside 6.8.1's mandatory purchase, 1830 24.0 beside 20.2)
            self._company_and_president_pay(
                state,
                company,
                BANK,
                president_pays,
                f"its {name}-train ({forced})",
                f"{cid}'s {name}-train ({self.r('president_pays')})",
            )
        elif reason:
            state.ledger.transfer(cid, BANK, price, f"{cid} {reason}")
        else:
            state.ledger.transfer(
                cid, BANK, price, f"buys {with_article(name)} train ({self.r('train_buy')})"
            )
        new_phase = None
        fresh = train not in state.returned
        if not fresh:
            state.returned.remove(train)
        else:
            state.depot.remove(train)
            card_phase = self.card_phase[train.card]
            if self.phases.index(card_phase) > self.phases.index(state.phase):
                new_phase = card_phase
            # the unlimited card refills when its last one is gone, also when it was bought
            # beside another card still in the depot (1889 facts §8: a D beside the last 6)
            if train.card == self.unlimited_card and all(t.card != train.card for t in state.depot):
                state.depot.append(self._new_train(state, train.card, ""))
        train.name = name
        train.phased_out = False
        company.trains.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=name,
                source="bank",
                target=cid,
                price=price,
                reason=reason or f"bought from the bank ({self.r('train_buy')})",
            )
        )
        if new_phase:
            self._set_phase(state, new_phase, f"{cid} bought the first {name}-train")
        if fresh:
            self.new_train_bought(state, company, train, price)

    def _company_and_president_pay(
        self,
        state: GameState,
        company: Company,
        payee: str,
        president_pays: int,
        toward: str,
        president_toward: str,
    ) -> None:
        """A forced purchase: the corporation pays all its cash toward the train, its
        president the rest (``toward``, ``president_toward``: the words after "toward")."""
        president = company.president()
        assert president is not None
        state.ledger.transfer(
            company.id,
            payee,
            company.cash,
            f"{company.id} pays all its {self.money(company.cash)} toward {toward}",
        )
        state.ledger.transfer(
            president,
            payee,
            president_pays,
            f"{president} pays {self.money(president_pays)} toward {president_toward}",
        )
        state.president_paid = True

    def _trade_in(
        self, state: GameState, company: Company, name: str, word: str, price: int
    ) -> int:
        """The train ``word`` given back toward a ``name`` (:attr:`trade_in`): it goes to the
        bank; returns the price less the discount."""
        rule = self.r("trade_in")
        takes, discount = self.trade_in[self.variant_card(name) or ""]
        given = word.upper().replace("-", "")
        if given not in takes:
            raise Refusal(
                f"{with_article(name)} takes {with_article(', '.join(takes[:-1]))} or "
                f"{takes[-1]} in part-exchange, not {with_article(word)} ({rule})"
            )
        train = next((t for t in company.trains if t.name == given and not t.phased_out), None)
        if train is None:
            raise Refusal(f"{company.id} has no {given}-train to trade in ({rule})")
        company.trains.remove(train)
        state.returned.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=given,
                source=company.id,
                target="bank",
                reason=f"traded in toward {with_article(name)}, {self.money(discount)} off "
                f"({rule})",
            )
        )
        return price - discount

    def _buy_from_pool(self, state: GameState, company: Company, name: str) -> None:
        """A train from the bank pool at its list price (1847 AE 6.8)."""
        cid = company.id
        pool = self.pool_trains(state)
        if not self.excess_to_pool and self.returned_from_pool:
            self._buy_returned(state, company, name)
            return
        if not self.excess_to_pool:
            raise Refusal(
                f"{self.title_name} has no train pool: trains given back return to the bank "
                f"({self.r('discard')})"
            )
        trains = [t for t in pool if t.name == name]
        if not trains:
            held = ", ".join(t.name for t in pool) or "none"
            raise Refusal(
                f"no {name} train in the bank pool ({self.r('train_buy')}); it has: {held}"
            )
        price = self.list_price(name)
        president_pays = 0
        if company.cash < price:
            if not self.president_pays_toward_pool(state):
                raise Refusal(
                    f"{cid} has {self.money(company.cash)}, the {self.train_pool_name}'s {name} "
                    f"costs {self.money(price)} ({self.r('train_buy')})"
                )
            president_pays = self.president_share(state, company, name, price)
        train = trains[0]
        if president_pays:
            self._company_and_president_pay(
                state,
                company,
                BANK,
                president_pays,
                f"the {self.train_pool_name}'s {name} ({self.r('forced_purchase')})",
                f"{cid}'s {name} from the {self.train_pool_name} ({self.r('president_pays')})",
            )
        else:
            state.ledger.transfer(
                cid,
                BANK,
                price,
                f"buys {with_article(name)} from the {self.train_pool_name} "
                f"({self.r('train_buy')})",
            )
        pool.remove(train)
        company.trains.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=name,
                source=POOL,
                target=cid,
                price=price,
                reason=f"bought from the bank pool at list price ({self.r('train_buy')})",
            )
        )

    def _buy_returned(self, state: GameState, company: Company, name: str) -> None:
        """A train the bank took back (:attr:`returned_from_pool`), at its face value; the
        president adds what a forced purchase lacks, as toward any train of the bank's."""
        train = next((t for t in state.returned if t.name == name), None)
        if train is None:
            held = ", ".join(t.name for t in state.returned) or "none"
            raise Refusal(
                f"the bank holds no {name} train given back ({self.r('discard')}); it holds: {held}"
            )
        price = self.list_price(name)
        president_pays = 0
        if company.cash < price:
            president_pays = self.president_share(state, company, name, price)
        self._buy_from_bank(state, company, name, price, train, president_pays)

    def president_pays_toward_pool(self, state: GameState) -> bool:
        """Whether a forced purchase may take a train of the bank pool with the president's
        money added (1847 AE 6.8.1, 6.8.2: the pool's trains are the bank's); default: no."""
        return False

    def may_buy_from_company(self, state: GameState, buyer: Company, seller: Company) -> None:
        """Refuse a train trade between corporations the title forbids (default: none)."""

    def _buy_from_company(
        self, state: GameState, company: Company, name: str, source: str, price: int
    ) -> None:
        cid = company.id
        rule = self.r("train_trade")
        seller = state.company(self.company_id(state, source))
        if seller.id == cid:
            raise Refusal(f"{cid} cannot buy a train from itself ({rule})")
        if seller.kind != "corporation" or seller.closed:
            raise Refusal(f"{seller.id} is not a corporation in play ({rule})")
        self.may_buy_from_company(state, company, seller)
        if price < 1:
            raise Refusal(
                f"a train bought from another corporation costs at least {self.money(1)} ({rule})"
            )
        trains = [t for t in seller.trains if t.name == name]
        if not trains:
            raise Refusal(f"{seller.id} has no {name} train ({rule})")
        fresh = [t for t in trains if not t.phased_out]
        if not fresh:
            raise Refusal(
                f"{seller.id}'s {name} is phased out and cannot be sold "
                f"({self.r('phase_out_sale')})"
            )
        president_pays = 0
        if company.cash < price:
            forced = self._forced_purchase(state) is not None  # type: ignore[attr-defined]
            if not self.president_pays_other_company or not forced:
                # no purchase forced now (1817 never has one, facts §8, R 6.7): the
                # president adds nothing, from the bank or from a corporation
                why = (
                    "the president pays only toward a train from the bank"
                    if forced
                    else "a president adds money only to a forced purchase"
                )
                # the rule that says so: 1847 AE 6.8.2, 1846 6.86, 1889 facts §9
                rule = self.r("president_pays" if forced else "forced_purchase")
                raise Refusal(
                    f"{cid} has {self.money(company.cash)}, cannot pay {self.money(price)}; "
                    f"{why} ({rule})"
                )
            face = self.face_value(name)
            if price > face:
                raise Refusal(
                    f"{cid} has {self.money(company.cash)}: with its president's money another "
                    f"corporation's {name} costs at most its face value, {self.money(face)} "
                    f"({self.r('president_pays')})"
                )
            president_pays = self.president_share(state, company, name, price, seller.id)
        train = fresh[0]
        if president_pays:
            self._company_and_president_pay(
                state,
                company,
                seller.id,
                president_pays,
                f"{seller.id}'s {name} ({self.r('forced_purchase')})",
                f"{cid}'s {name} from {seller.id} ({self.r('president_pays')})",
            )
        else:
            state.ledger.transfer(
                cid, seller.id, price, f"buys {with_article(name)} from {seller.id} ({rule})"
            )
        seller.trains.remove(train)
        company.trains.append(train)
        state.ledger.events.append(
            TrainMoved(
                train=name,
                source=seller.id,
                target=cid,
                price=price,
                reason=f"bought from another corporation ({rule})",
            )
        )

    def cmd_discard(self, state: GameState, cmd: c.Discard) -> None:
        """``discard``: give up a train over the limit after a phase change."""
        company = self.corp(state, cmd.corp)  # type: ignore[attr-defined]
        limit = self.train_limit(state)
        rule = self.r("discard")
        if self.counted_trains(company) <= limit:
            raise Refusal(
                f"{company.id} is within the train limit of {limit}; trains may not be "
                f"given back voluntarily ({rule})"
            )
        name = cmd.train.upper()
        trains = [t for t in company.trains if t.name == name and not t.phased_out]
        if not trains:
            raise Refusal(f"{company.id} has no {name} train that counts toward the limit ({rule})")
        train = trains[0]
        company.trains.remove(train)
        if self.excess_to_pool:
            self.pool_trains(state).append(train)
            target = POOL
        else:
            state.returned.append(train)
            target = "bank"
        state.ledger.events.append(
            TrainMoved(
                train=name,
                source=company.id,
                target=target,
                reason=f"over the train limit ({rule})",
            )
        )

    # ------------------------------------------------------------- phases
    def phase_effects(self, phase: str) -> list[str]:
        """What entering ``phase`` does, in words."""
        effects = [f"train limit {self.train_limits[phase]}"]
        for card in self.rust.get(phase, ()):
            names = "/".join(n for n, _ in self.train_variants[card])
            effects.append(f"{names}-trains rust and leave the game")
        for card in self.phase_out.get(phase, ()):
            names = ", ".join(n for n, _ in self.train_variants[card])
            effects.append(
                f"{names}-trains are phased out (removed after their next run, "
                f"{self.r('phase_out')})"
            )
        return effects + self.phase_notes(phase)

    def _set_phase(self, state: GameState, phase: str, cause: str = "") -> None:
        """What each new phase does to trains, then :meth:`phase_started`."""
        before = state.phase
        state.phase = phase
        what = f"{cause}: " if cause else "first train of the phase bought: "
        state.ledger.events.append(
            PhaseChanged(
                before=before,
                after=phase,
                reason=f"{what}{'; '.join(self.phase_effects(phase))} ({self.r('phases')})",
            )
        )
        for card in self.rust.get(phase, ()):
            for co in state.ledger.companies.values():
                rusted = [t for t in co.trains if t.card == card]
                self._scrap_trains(state, co, rusted, f"rusts (phase {phase}, {self.r('rust')})")
        for card in self.phase_out.get(phase, ()):
            for co in state.ledger.companies.values():
                for train in co.trains:
                    if train.card == card and not train.phased_out:
                        train.phased_out = True
                        state.ledger.events.append(
                            TrainMoved(
                                train=train.name,
                                source=co.id,
                                target=co.id,
                                reason=(
                                    f"phased out (phase {phase}, {self.r('rust')}): it runs once "
                                    f"more and leaves after that run ({self.r('phase_out')})"
                                ),
                            )
                        )
        rusted = set(self.rust.get(phase, ()))
        gone = rusted | set(self.phase_out.get(phase, ()))
        for train in [t for t in state.returned if t.card in gone]:
            state.returned.remove(train)
            # a type that rusts leaves the bank as it leaves the corporations (1830 21.0: the
            # 4 traded in toward the first D); one phased out is removed (1846 6.83)
            how = (
                f"rusts (phase {phase}, {self.r('rust')})"
                if train.card in rusted
                else f"phased out ({self.r('discard')}, phase {phase})"
            )
            state.ledger.events.append(
                TrainMoved(
                    train=train.name,
                    source="bank",
                    target=SCRAP,
                    reason=f"returned train {how}",
                )
            )
        pool = self.pool_trains(state)
        for train in [t for t in pool if t.card in gone]:
            pool.remove(train)
            state.ledger.events.append(
                TrainMoved(
                    train=train.name,
                    source=POOL,
                    target=SCRAP,
                    reason=f"rusts (phase {phase}, {self.r('rust')})",
                )
            )
        self.phase_started(state, phase)

    # ------------------------------------------------------------- removing
    @staticmethod
    def _scrap_trains(state: GameState, company: Company, trains: list[Train], reason: str) -> None:
        """Remove ``trains`` of ``company`` from the game (rust, phase-out removal, closing)."""
        for train in trains:
            company.trains.remove(train)
            state.ledger.events.append(
                TrainMoved(train=train.name, source=company.id, target=SCRAP, reason=reason)
            )

    def _close_private(self, state: GameState, co: Company, reason: str) -> None:
        """A private company closes: its treasury to the bank, its trains out of the game."""
        if co.cash:
            state.ledger.transfer(
                co.id,
                BANK,
                co.cash,
                because("its treasury, as it closes", reason, "; "),
            )
        self._scrap_trains(state, co, list(co.trains), reason)
        co.closed = True
        state.ledger.events.append(CompanyClosed(company=co.id, reason=reason))
