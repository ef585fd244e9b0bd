"""Commands of the banker script (``shared/spec/script.md``) as frozen models.

A command is what a banker asks for; the ruleset decides whether the rules
allow it.  Names inside commands are kept as typed (case-insensitive); the
game resolves them to players and companies.  :data:`Command` is the
``kind``-tagged union stored in save files.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

DividendOption = Literal["full", "half", "withhold"]


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GameCmd(_Command):
    """``game TITLE PLAYER...``: the first line of a script."""

    kind: Literal["game"] = "game"
    title: str
    players: tuple[str, ...]


class Par(_Command):
    """``par PLAYER CORP PRICE``: buy the president's certificate at a starting price."""

    kind: Literal["par"] = "par"
    player: str
    corp: str
    price: int


class Buy(_Command):
    """``buy PLAYER CORP [ipo|pool]``: buy one certificate."""

    kind: Literal["buy"] = "buy"
    player: str
    corp: str
    source: Literal["ipo", "pool"] | None = None


class Sell(_Command):
    """``sell PLAYER CORP N``: sell N ten-percent shares to the pool."""

    kind: Literal["sell"] = "sell"
    player: str
    corp: str
    count: int


class Pass(_Command):
    """``pass PLAYER``: end a stock turn without a purchase."""

    kind: Literal["pass"] = "pass"
    player: str


class Spend(_Command):
    """``spend COMPANY AMOUNT [tile|token|terrain|fee]``: the company pays the bank."""

    kind: Literal["spend"] = "spend"
    company: str
    amount: int
    purpose: Literal["tile", "token", "terrain", "fee"] | None = None


class Run(_Command):
    """``run COMPANY REVENUE [full|half|withhold] [mail AMOUNT]``."""

    kind: Literal["run"] = "run"
    company: str
    revenue: int
    option: DividendOption | None = None
    mail: int | None = None


class BuyTrain(_Command):
    """``train CORP TYPE [from CORP2 PRICE | from pool | credit]``."""

    kind: Literal["train"] = "train"
    corp: str
    train: str
    source: str | None = None
    """``None``: the bank's depot; ``"pool"``: the bank pool; otherwise a company id."""
    price: int | None = None
    credit: bool = False


class BuyPrivate(_Command):
    """``buyprivate CORP PRIVATE PRICE``: a company buys a private from its owner."""

    kind: Literal["buyprivate"] = "buyprivate"
    corp: str
    private: str
    price: int


class Done(_Command):
    """``done COMPANY``: ends the company's operating turn."""

    kind: Literal["done"] = "done"
    company: str
    noroute: bool = False
    """``done COMPANY noroute``: the company has no route, so it need not own a train
    (1847 AE 6.8.1: a corporation must buy a train only if it has a route)."""


class Bankrupt(_Command):
    """``bankrupt PLAYER``: the player cannot raise the money the rules demand."""

    kind: Literal["bankrupt"] = "bankrupt"
    player: str


class Discard(_Command):
    """``discard CORP TYPE``: give up a train over the limit after a phase change."""

    kind: Literal["discard"] = "discard"
    corp: str
    train: str


class Adjust(_Command):
    """``adjust ENTITY AMOUNT REASON...``: a banker's correction against the bank."""

    kind: Literal["adjust"] = "adjust"
    entity: str
    amount: int
    reason: str


class Note(_Command):
    """``note TEXT...``: a remark kept in the journal."""

    kind: Literal["note"] = "note"
    text: str


class Expect(_Command):
    """``expect ...``: a check against the game; changes nothing."""

    kind: Literal["expect"] = "expect"
    subject: str
    """A player, company, ``bank``, ``phase``, ``round`` or ``priority``."""
    field: str
    """``cash``, ``price``, ``shares``, ``value``, ``president``, ``phase``, ``round``,
    ``priority``."""
    corp: str | None = None
    """For ``shares``: which corporation."""
    value: str


# ----------------------------------------------------------------- 1846
class Remove(_Command):
    """1846 ``remove COMPANY...``: setup removals for 3 or 4 players (2.3)."""

    kind: Literal["remove"] = "remove"
    companies: tuple[str, ...]


class PrivateResult(_Command):
    """1846 ``private PLAYER PRIVATE [PRICE]``: a result of the private distribution (3.2)."""

    kind: Literal["private"] = "private"
    player: str
    private: str
    price: int | None = None


class Issue(_Command):
    """1846 ``issue CORP N`` (6.31, 6.86)."""

    kind: Literal["issue"] = "issue"
    corp: str
    count: int


class Redeem(_Command):
    """1846 ``redeem CORP N`` (6.32)."""

    kind: Literal["redeem"] = "redeem"
    corp: str
    count: int


class Assign(_Command):
    """1846 ``assign STEAMBOAT COMPANY``: map-only, journaled as a remark."""

    kind: Literal["assign"] = "assign"
    private: str
    company: str


# ----------------------------------------------------------------- 1847 AE
class Exchange(_Command):
    """1847 AE ``exchange PLAYER PRIVATE``."""

    kind: Literal["exchange"] = "exchange"
    player: str
    private: str


class Nationalize(_Command):
    """1847 AE ``nationalize PLAYER CORP FROM [PERCENT]``."""

    kind: Literal["nationalize"] = "nationalize"
    player: str
    corp: str
    source: str
    percent: int = 10


class Trade(_Command):
    """1847 AE ``trade PRIVATE FROM TO PRICE``."""

    kind: Literal["trade"] = "trade"
    private: str
    source: str
    target: str
    price: int


class ClosePrivate(_Command):
    """1847 AE ``close PRIVATE``: a quarry whose ability was used closes (4.2)."""

    kind: Literal["close"] = "close"
    private: str


class Income(_Command):
    """1847 AE ``income PRIVATE AMOUNT``: a private's income changes (Rammelsbach to 50)."""

    kind: Literal["income"] = "income"
    private: str
    amount: int


# ----------------------------------------------------------------- 1853
class MarketValues(_Command):
    """1853 ``market VALUE...``."""

    kind: Literal["market"] = "market"
    values: tuple[int, ...]


class SetPar(_Command):
    """1853 ``setpar CORP VALUE``."""

    kind: Literal["setpar"] = "setpar"
    corp: str
    value: int


class Bond(_Command):
    """1853 ``bond PLAYER AMOUNT``."""

    kind: Literal["bond"] = "bond"
    player: str
    amount: int


class Claim(_Command):
    """1853 ``claim PLAYER CITY CORP``."""

    kind: Literal["claim"] = "claim"
    player: str
    city: str
    corp: str


class Settle(_Command):
    """1853 ``settle``."""

    kind: Literal["settle"] = "settle"


class RedeemShare(_Command):
    """1853 ``redeemshare PLAYER CORP``."""

    kind: Literal["redeemshare"] = "redeemshare"
    player: str
    corp: str


class Fulfil(_Command):
    """1853 ``fulfil PLAYER [CITY...]``: the bond back; CITY words reveal sealed claims."""

    kind: Literal["fulfil"] = "fulfil"
    player: str
    cities: tuple[str, ...] = ()


class Frontier(_Command):
    """1853 ``frontier CORP AMOUNT``."""

    kind: Literal["frontier"] = "frontier"
    corp: str
    amount: int


class Elephant(_Command):
    """1853 ``elephant FROM TO PRICE``."""

    kind: Literal["elephant"] = "elephant"
    source: str
    target: str
    price: int


class Extra(_Command):
    """1853 ``extra``."""

    kind: Literal["extra"] = "extra"


class CreditTrain(_Command):
    """1853 ``credit CORP pay|return``: the new director's choice for the credit train
    (4.8.10): buy it now (pay what is still owed) or return it to the bank."""

    kind: Literal["credit"] = "credit"
    corp: str
    choice: Literal["pay", "return"]


Command = Annotated[
    GameCmd
    | Par
    | Buy
    | Sell
    | Pass
    | Spend
    | Run
    | BuyTrain
    | BuyPrivate
    | Done
    | Bankrupt
    | Discard
    | Adjust
    | Note
    | Expect
    | Remove
    | PrivateResult
    | Issue
    | Redeem
    | Assign
    | Exchange
    | Nationalize
    | Trade
    | ClosePrivate
    | Income
    | MarketValues
    | SetPar
    | Bond
    | Claim
    | Settle
    | RedeemShare
    | Fulfil
    | Frontier
    | Elephant
    | Extra
    | CreditTrain,
    Field(discriminator="kind"),
]
