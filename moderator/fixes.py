"""Rules levels: which rules fixes a game was played under (saves outlive rules fixes).

A save records the rules level it was written with.  A game whose save predates a
fix keeps replaying exactly as recorded (the table played it so): every fix below
is applied only to games whose level includes it, tested with :func:`follows`.
Loading such a save tells the banker which entries today's rules would settle
differently, under which rule, and offers to rewind to the first of them (a
rewound game then plays on under today's rules).

A fix is one row of :data:`FIXES`; its code keeps the old behaviour behind
``if not follows(state, "ID")``.  Saves written before rules levels existed are level 0.
"""

from __future__ import annotations

from moderator.commands import Record

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from moderator.state import GameState


class RulesFix(Record):
    """One change of the rules engine that can make a recorded entry replay differently."""

    ident: str
    """Short id used in code: ``follows(state, ident)``."""
    level: int
    """The first rules level that includes the fix."""
    title: str
    """The title whose rule it is (``1846``, ``1847AE``, ``1847Pfalz``, ``1853``...)."""
    rule: str
    """The rule number in the title's rulebook."""
    summary: str
    """What today's rules do differently, in a banker's words."""


LEVEL_12_SPEND = {
    "token": "`spend CORP AMOUNT token` is checked against the charter: one token a turn "
    "besides the home token, at the next token's price ({}), no more than the charter holds "
    "(before: any number, any amount)",
    "terrain": "`spend CORP AMOUNT terrain` is one of the map's printed terrain costs ({}; two "
    "charges are two lines; before: any amount)",
}
"""The words of rules level 12's rows on ``spend`` lines (1830's family), by purpose."""

FIXES: dict[str, RulesFix] = {
    fix.ident: fix
    for fix in (
        RulesFix(
            "1830-7.0",
            3,
            "1830",
            "7.0",
            "when the last private is sold the priority deal goes to the player left of "
            "the last to buy it",
        ),
        RulesFix(
            "1847AE-6.8.2",
            1,
            "1847AE",
            "6.8.2",
            "a director sells every certificate he may before he is bankrupt",
        ),
        RulesFix(
            "1853-4.8.10",
            1,
            "1853",
            "4.8.10",
            "a new director chooses to buy the credit train or return it to the bank",
        ),
        RulesFix(
            "1853-2.8.1",
            1,
            "1853",
            "2.8.1",
            "a share sold to the pool in the first stock round stays there until the "
            "next stock round",
        ),
        RulesFix(
            "1847Pfalz-4.2",
            2,
            "1847Pfalz",
            "4.2",
            "a station placed at Weidenthal's half cost (M50) closes Weidenthal",
        ),
        *(
            RulesFix(
                f"{title}-6.5",
                2,
                title,
                "6.5",
                "a corporation places one station token per operating round, and no more "
                "than its charter holds (4.5.1)",
            )
            for title in ("1847AE", "1847Pfalz", "1847RRRRB")
        ),
        *(
            RulesFix(
                f"{title}-4.2-W",
                3,
                title,
                "4.2",
                "Weidenthal closes only by its use (the half-cost station): a bare `close W` "
                "is refused",
            )
            for title in ("1847Pfalz", "1847RRRRB")
        ),
        # Level 3 by when it landed: every released moderator of level 3 had it (commit
        # de16d43, in main from the release of 7a819a2); the earlier ones (levels 0-2)
        # took such a `pass` as already written (no event at all).
        *(
            RulesFix(
                f"{title}-pass-after-or",
                3,
                title,
                rule,
                "once a company of the set's last operating round has acted, a `pass` of a "
                "player the tool passed to end the stock round is the next stock round's "
                "(it ends the operating round), not the old one's taken again",
            )
            for title, rule in (
                ("1846", "5.11, 5.13"),
                ("1847AE", "8"),
                ("1847Pfalz", "8"),
                ("1847RRRRB", "8"),
                ("1853", "3"),
                # 18Chesapeake came to main at level 3 four minutes before de16d43 (merge
                # b915203, 05:37): its only games without the fix are those commits' level-3
                # ones, which replay as written (lacked_by_writer); no game is of a lower level
                ("18Chesapeake", "§9.3"),
            )
        ),
        RulesFix(
            "1847Pfalz-11.3",
            3,
            "1847Pfalz",
            "11.3",
            "the Introductory Game's train cards are counted without the V6 cards",
        ),
        RulesFix(
            "1817-§8",
            4,
            "1817",
            "facts §8",
            "treasury shares earn shares x per share rounded up, like every holder",
        ),
        RulesFix(
            "1817-§7",
            4,
            "1817",
            "facts §7, §8",
            "a dividend move between the $0 acquisition cells moves the marker",
        ),
        RulesFix(
            "1889-§9",
            4,
            "1889",
            "facts §9",
            "once the president has sold shares toward a forced purchase, the corporation "
            "buys no train from another corporation",
        ),
        RulesFix(
            "1889-§6",
            4,
            "1889",
            "facts §6, §9",
            "a president's forced sales of one corporation are one block",
        ),
        *(
            RulesFix(
                f"{title}-§5",
                4,
                title,
                "facts §5",
                "after the opening sale the priority deal goes left of the last player who "
                "acted in turn, not left of the winner of a later auction",
            )
            for title in ("1889", "18Chesapeake")
        ),
        RulesFix(
            "1853-4.8.4",
            5,
            "1853",
            "4.8.4",
            "a credit train that has already gone back to the bank (obsolete or over the "
            "limit) is given up by a new director without a refund of what was paid",
        ),
        *(
            RulesFix(
                f"{title}-§5-pass",
                4,
                title,
                "facts §5",
                "after a complete round of passes in the opening sale, play goes on left of "
                "the last player to pass",
            )
            for title in ("1889", "18Chesapeake")
        ),
        RulesFix(
            "1846-7.11",
            5,
            "1846",
            "7.11",
            "a bankrupt player's shares go to the Stock Market without moving the price, "
            "his president's certificates too",
        ),
        RulesFix(
            "1846-6.86-bank",
            6,
            "1846",
            "6.86",
            "a corporation that issued shares for its forced train purchase buys the train "
            "from the bank, not from another corporation",
        ),
        RulesFix(
            "1846-6.89",
            7,
            "1846",
            "6.89",
            "a bankrupt president first makes every sale 6.88 still allows (a sale by a "
            "corporation's president moving it one column left, 5.22); only the shares left "
            "go to the Stock Market at the price (7.11)",
        ),
        RulesFix(
            "1846-5.22-turn",
            7,
            "1846",
            "5.22, 6.88",
            "a president's forced sales of one corporation in several `sell` lines move its "
            "price one column left once, every share at the price before that move",
        ),
        *(
            RulesFix(
                f"{title}-6.8.2-turn",
                7,
                title,
                "6.8.2",
                "a director's forced sales are one turn (8.2): a corporation's marker moves "
                "one row down once, however many `sell` lines sold it, and every share "
                "sells at the price before that move",
            )
            for title in ("1847AE", "1847Pfalz", "1847RRRRB")
        ),
        *(
            RulesFix(
                f"{title}-3.3-forced",
                7,
                title,
                "6.8.2",
                "in a short operating round of the first stock round a director short of a "
                "forced purchase sells certificates (of corporations that have operated, "
                "8.2) before he is bankrupt; 3.3 bars sales only in stock-round turns",
            )
            for title in ("1847AE", "1847Pfalz", "1847RRRRB")
        ),
        *(
            RulesFix(
                f"{title}-6.8.2-pool",
                8,
                title,
                "6.8.1, 6.8.2",
                "in a forced train purchase the director's money may go toward a train in the "
                "Bank Pool too, and he is bankrupt only when he cannot reach the cheapest "
                "train the bank sells, its pool included",
            )
            for title in ("1847AE", "1847Pfalz", "1847RRRRB")
        ),
        *(
            RulesFix(
                f"{title}-run-mail",
                9,
                title,
                rule,
                "a run with a `mail` amount is refused (only 1853 has a separate mail run, "
                "4.6.6); before, it was accepted and the mail amount silently left out",
            )
            for title, rule in (
                ("1830", "20.3"),
                ("1889", "20.3"),
                ("18Chesapeake", "20.3"),
                ("1817", "facts §8"),
            )
        ),
        RulesFix(
            "1847Pfalz-11.3-V6",
            9,
            "1847Pfalz",
            "11.3, 7",
            "in the Introductory Game a phase whose every train card is a V6 card comes "
            "with the next train bought: its Phase Table row (rusting, quarries closing) "
            "happens then",
        ),
        RulesFix(
            "1846-6.86-close",
            9,
            "1846",
            "6.86, 6.89",
            "`bankrupt` first issues shares up to the normal limit: where that takes the "
            "price to $0 the corporation closes and its president is not bankrupt",
        ),
        RulesFix(
            "1846-3.22",
            9,
            "1846",
            "3.22",
            "only the last private of the distribution is passed on at a reduced price: a "
            "second private below its list price is refused",
        ),
        RulesFix(
            "1846-6.89-independent",
            9,
            "1846",
            "6.89, 6.91",
            "a president who owns an independent railroad the corporation may buy is not "
            "bankrupt: the corporation buys it, and its train (`bankrupt` is refused)",
        ),
        RulesFix(
            "1846-all-closed",
            9,
            "1846",
            "10",
            "the game ends at the end of the operating round in which its last corporation "
            "closed (before: empty stock and operating rounds followed)",
        ),
        RulesFix(
            "1846-6.2-token",
            9,
            "1846",
            "6.2",
            "an independent railroad places no token: its `spend ... token` is refused",
        ),
        RulesFix(
            "1846-6.93",
            9,
            "1846",
            "6.93",
            "a corporation whose only train came with an independent railroad it bought in "
            "this operating round runs nothing: that train runs from the next round",
        ),
        RulesFix(
            "1853-2.5.4-turn",
            9,
            "1853",
            "2.5.4",
            "a pass in the contract claims moves no turn: the next to claim is still the "
            "first open bid after the last claim, not the one after the passer",
        ),
        RulesFix(
            "1853-2.7.4-turn",
            9,
            "1853",
            "2.7.4",
            "an un-redeemed share is redeemed on its holder's own stock-round turn, not "
            "at any moment of the round",
        ),
        RulesFix(
            "1853-4.8.10-gone",
            9,
            "1853",
            "4.8.10",
            "a director who takes over a company whose credit train has already gone back "
            "to the bank (obsolete, 4.8.4) is not asked to buy or return it: what is owed "
            "is cancelled at once",
        ),
        *(
            RulesFix(
                f"{title}-8.4-pass",
                10,
                title,
                "8.4",
                "a player who could nationalise a certificate is not passed by the tool: his "
                "turn waits for his line (before: he was passed as having no legal purchase)",
            )
            for title in ("1847AE", "1847Pfalz", "1847RRRRB")
        ),
        *(
            RulesFix(
                f"{title}-box-digits",
                10,
                title,
                rule,
                "a box value written with digits other than 0-9 (`£٩٠`, Arabic-Indic) is "
                "refused, naming them (before: read as the number, 90)",
            )
            for title, rule in (
                ("1853", "1 The Shares"),
                ("1847Pfalz", "11.1"),
                ("1847RRRRB", "12.1"),
            )
        ),
        RulesFix(
            "18Chesapeake-game-words",
            11,
            "18Chesapeake",
            "facts: Off the Rails",
            "`otr` or `offtherails` in the `game` line is refused: Off the Rails is a "
            "variant the title does not play (before: seated as one more player, with the "
            "cash of one more)",
        ),
        RulesFix(
            "1830-game-words",
            11,
            "1830",
            "facts D4, D8",
            "an option spelled otherwise in the `game` line (`brown-pool`, `sixes`, "
            "`optional_6_train`) is refused, naming `brownpool` or `sixes3` (before: seated "
            "as one more player)",
        ),
        RulesFix(
            "1846-game-words",
            11,
            "1846",
            "2e",
            "the second edition spelled otherwise in the `game` line (`second_edition`, "
            "`2ed`) is refused, naming `2e` (before: seated as one more player)",
        ),
        RulesFix(
            "1846-6.51",
            11,
            "1846",
            "6.51",
            "`spend CORP AMOUNT token` is checked: one token a corporation's operating round, "
            "at $80 or the B&O's, Erie's, IC's and PRR's special prices ($40, $60, $100; "
            "6.52, 6.53), no more than its charter's tokens (before: any number, any amount)",
        ),
        *(
            RulesFix(
                f"{title}-6.5-price",
                11,
                title,
                "6.5",
                "a station token costs the price printed under the charter's next token (half "
                "of it with Weidenthal, 4.2); another amount is refused (before: any amount)",
            )
            for title in ("1847AE", "1847RRRRB")
        ),
        RulesFix(
            "1853-game-words",
            11,
            "1853",
            "2.4",
            "the shortened game spelled otherwise in the `game` line (`shortened`, "
            "`short-game`) is refused, naming `short` (before: seated as one more player)",
        ),
        RulesFix(
            "1889-game-words",
            11,
            "1889",
            "facts §12",
            "`beginner_game` (18xx.games' option) or `beginners` in the `game` line is refused, "
            "naming the option word `beginner` (before: seated as one more player)",
        ),
        RulesFix(
            "1817-alias-names",
            12,
            "1817",
            "facts §1",
            "a new game refuses a player named like a private's alias (`P1`…`P11`: `P3` is "
            "MTE in a line), as it refuses one named like a company (before: seated)",
        ),
        RulesFix(
            "1817-§5",
            13,
            "1817",
            "facts §5",
            "a player who may short a corporation is not passed by the tool in a stock round "
            "(before: shorts were refused, so a player with nothing else to do was passed)",
        ),
        RulesFix(
            "1817-§12",
            13,
            "1817",
            "facts §12",
            "a player whose cash is negative sells at once or goes bankrupt before any other "
            "line (before: play went on with his debt)",
        ),
        RulesFix(
            "1817-§14",
            13,
            "1817",
            "facts §14",
            "the first 8-train signals the end: one more set of 2 or 3 operating rounds, then "
            "the game ends after its last merger and acquisition rounds (before: play went on)",
        ),
        RulesFix(
            "1817-acquisition-round",
            13,
            "1817",
            "facts §10, §11, R 7.2.1",
            "the acquisition round after each merger round is played: a corporation in "
            "liquidation that nobody buys is taken by the bank for $0 when the round ends (its "
            "cash settles its loans, its former president pays a shortfall, its shareholders "
            "share a surplus; before: it stayed in the liquidation cell)",
        ),
        RulesFix(
            "1846-6.48",
            13,
            "1846",
            "6.48",
            "`spend CORP AMOUNT tile` or `terrain` is a multiple of $20: every track charge "
            "is $20, a printed terrain or hexside cost ($20, $40, $60) or one less a $20 "
            "discount (before: any amount)",
        ),
        RulesFix(
            "1847AE-6.3",
            13,
            "1847AE",
            "6.3",
            LEVEL_12_SPEND["terrain"].format("the 1847 AE map's M40, M50, M70, M80"),
        ),
        RulesFix(
            "1853-4.1.2-minor",
            13,
            "1853",
            "4.1.2, 4.1.12",
            "a minor lays one tile a turn: its `terrain` or `tile` lines of a turn add up to one "
            "construction cost of Table 4 at most (before: two, or any number of lines)",
        ),
        RulesFix(
            "1817-§15-squeeze",
            14,
            "1817",
            "facts §4, §15",
            "with the option short_squeeze, a corporation's move once more for players holding "
            "over 100% comes right after its sold-out move, corporation by corporation in price "
            "order (before: every squeezed corporation first, in charter order, so two squeezed "
            "in one space swapped places in its stack and in the operating order)",
        ),
        RulesFix(
            "1817-§9-merge-cell",
            14,
            "1817",
            "facts §7, §9",
            "a 5 + 5 merger that leaves the survivor's price where it stands leaves its marker "
            "in its place in the stack (before: it went below the other markers of that "
            "space, as if it arrived there, and operated after them)",
        ),
        RulesFix(
            "1817-§12-bankrupt-order",
            14,
            "1817",
            "facts §12, §10",
            "a bankrupt's holdings are taken corporation by corporation in price order, so "
            "the corporations his bankruptcy liquidates reach the liquidation cell in that "
            "order and the acquisition round deals with them in its reverse (before: in "
            "charter order)",
        ),
        RulesFix(
            "1853-4.1.3-once",
            13,
            "1853",
            "4.1.2, 4.1.3",
            "a major's two-tile fee (`spend CORP AMOUNT fee`) is paid at most once in an "
            "operating turn: it lays at most two tiles (before: any number of fees)",
        ),
        *(
            RulesFix(f"{title}-{suffix}", 12, title, rule, LEVEL_12_SPEND[what].format(figures))
            for title, suffix, rule, what, figures in (
                ("1830", "19.0", "19.0", "token", "$40, then $100"),
                ("1889", "§3-token", "facts §3", "token", "¥40"),
                ("18Chesapeake", "§3-token", "facts §3", "token", "$40, $60, $80"),
                ("1830", "18.0", "18.0", "terrain", "$80 water, $120 mountain"),
                ("1889", "§3-terrain", "facts §3", "terrain", "¥80"),
                ("18Chesapeake", "§3-terrain", "facts §3", "terrain", "$40 river, $80 mountain"),
            )
        ),
        *(
            RulesFix(
                f"{title}-run-income",
                13,
                title,
                rule,
                "a track or token cost written after the run is paid from the cash the "
                "company held before the run (less the costs written since), never from "
                "the run's income; more is refused (before: any cash in the treasury)",
            )
            for title, rule in (
                ("1830", "17.0"),
                ("1889", "facts §7"),
                ("18Chesapeake", "§10"),
                ("1846", "6.2"),
                ("1847AE", "6.2, 6.3"),
                ("1847Pfalz", "6.2, 6.3"),
                ("1847RRRRB", "6.2, 6.3"),
                ("1853", "Section 4, 4.1.12"),
                ("1817", "facts §8"),
            )
        ),
        RulesFix(
            "1846-fee",
            14,
            "1846",
            "6.4, 6.5",
            "`spend CORP AMOUNT fee` is refused: 1846 charges no fee; a corporation pays the bank "
            "for its track (`tile`, `terrain`, 6.48) and its tokens (`token`, 6.51) (before: "
            "any fee taken)",
        ),
        RulesFix(
            "1853-4.1.2-major",
            14,
            "1853",
            "4.1.2, 4.2.1, 4.1.12",
            "a major lays two tiles a turn at most, or promotes one: its `terrain` or `tile` "
            "lines of a turn add up to two construction costs of Table 4 at most (before: each "
            "line checked alone, any number of lines)",
        ),
        *(
            RulesFix(
                f"{title}-{rule}-lays",
                14,
                title,
                f"{rule}, 6.3",
                "a corporation lays two tiles a turn in the yellow phase, one from the first "
                "4-train (a quarry's tile is free): so it pays at most two `terrain` lines a "
                "turn, then one (before: any number)",
            )
            for title, rule in (("1847Pfalz", "11.2.6"), ("1847RRRRB", "12.2.1"))
        ),
        RulesFix(
            "1847AE-6.2-lays",
            14,
            "1847AE",
            "6.2, 6.3",
            "a corporation lays two tiles a turn in the yellow phase, one from the first "
            "4-train, two in its first operating round whatever the phase (a quarry's tile is "
            "free): so it pays at most that many `terrain` lines a turn (before: any number)",
        ),
        RulesFix(
            "1847AE-6.2-costs",
            14,
            "1847AE",
            "6.2, 6.3, 6.5",
            "what a corporation pays the bank in a turn (`terrain`, `token` and `spend` lines "
            "without purpose) comes to no more than its tile lays at the map's dearest "
            "terrain (M80) and its next station (before: a line without purpose took any "
            "amount)",
        ),
        *(
            RulesFix(
                f"{title}-6.3-tile",
                14,
                title,
                "6.3, 6.5",
                "`spend CORP AMOUNT tile` and `fee` are refused: a tile costs nothing and no "
                "fee is charged; a corporation pays the bank the terrain printed on the map "
                "(`terrain`) and its stations (`token`) (before: taken)",
            )
            for title in ("1847AE", "1847Pfalz", "1847RRRRB")
        ),
        RulesFix(
            "1830-Table1-note3",
            15,
            "1830",
            "Table 1 note 3",
            "M&H is exchanged for an NYC share only by a player holding under 60% of NYC, "
            "whatever NYC's zone (before: in the orange and brown zones a holder of 60% or "
            "more exchanged it, as for a purchase)",
        ),
        RulesFix(
            "1830-10.0-brown",
            15,
            "1830",
            "10.0, 4.0",
            "brown-zone stock is not the turn's one purchase: in one turn a player buys any "
            "number of brown-zone certificates, of any corporations, besides one other "
            "certificate or par (before: more only of the one brown corporation bought, "
            "never with another purchase or a par; `brownpool` keeps that)",
        ),
    )
}
"""Every rules fix that changes how a recorded command plays, by id."""

OPTIONS_ONCE_LEVEL = 10
"""From this rules level an option written twice in the ``game`` line is refused
(:meth:`rulesets.base.Ruleset.doubled_option`); a save of an earlier level that wrote one
twice opens as written, the option once.  No entry plays differently: no row of
:data:`FIXES`."""

RULES_LEVEL = max((fix.level for fix in FIXES.values()), default=0)
"""The rules level of this build: new games are played and saved under it."""


def follows(state: GameState, ident: str) -> bool:
    """Whether the game in ``state`` is played under the fix ``ident`` (see :data:`FIXES`)."""
    return state.rules_level >= FIXES[ident].level


def fixes_between(title: str, old: int, new: int = RULES_LEVEL) -> list[RulesFix]:
    """The fixes of ``title`` a game at level ``old`` does not follow and level ``new`` does."""
    return [f for f in FIXES.values() if f.title == title and old < f.level <= new]


WRITTEN_WITHOUT = "written_without"
"""``state.extra`` key: ``(ident, level)``, a fix of ``level`` the save's own writer did not
have although its header says that level (:func:`lacked_by_writer`)."""


def lacked_by_writer(
    title: str, level: int, kind: str, round_label: str, recorded: tuple[object, ...], made: int
) -> str | None:
    """The fix a save's entry shows its writer lacked, or ``None``.

    ``TITLE-pass-after-or`` is counted at level 3 because every released level-3 build had
    it (commit de16d43), but a few main commits of 29 Nov (04:43-05:41) wrote level 3
    without it: there a ``pass`` the tool had already made, written again in the set's
    last operating round, did nothing.  Such an entry tells its writer itself: a ``pass``
    in an operating round recorded with no event at all where level 3 with the fix makes
    some (``made``: how many; any build with the fix, given the same game before it,
    makes the same ones).  The save then replays from the start without the fix and every
    entry is still compared, so it opens only if it replays exactly as recorded."""
    ident = f"{title}-pass-after-or"
    if level != FIXES.get(ident, _NO_FIX).level or kind != "pass":
        return None
    if recorded or not made or not round_label.startswith("OR"):
        return None
    return ident


_NO_FIX = RulesFix("", -1, "", "", "")


def written_without(state: GameState, ident: str) -> bool:
    """Whether the game in ``state`` replays a save whose writer lacked the fix ``ident``
    at its level (:func:`lacked_by_writer`); a game moved to a later level follows it."""
    return state.extra.get(WRITTEN_WITHOUT) == (ident, state.rules_level)


def fixes_not_followed(state: GameState, title: str) -> list[RulesFix]:
    """The fixes of ``title`` today's rules have that the game in ``state`` is played
    without: those above its level, and the one its writer lacked at its level."""
    lacked = state.extra.get(WRITTEN_WITHOUT)
    first = [FIXES[lacked[0]]] if isinstance(lacked, tuple) and lacked[0] in FIXES else []
    return first + fixes_between(title, state.rules_level)


__all__ = [
    "FIXES",
    "OPTIONS_ONCE_LEVEL",
    "RULES_LEVEL",
    "WRITTEN_WITHOUT",
    "RulesFix",
    "fixes_between",
    "fixes_not_followed",
    "follows",
    "lacked_by_writer",
    "written_without",
]
