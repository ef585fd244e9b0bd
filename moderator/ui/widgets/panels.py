"""The state panels of the main screen, each a ``Static`` drawing Rich renderables.

Every panel is fed the state JSON (``Game.state_json``) and the set of ids that
changed with the last command, and only draws them: no figure is computed
here beyond laying it out.  Highlights are a style laid over the figures at
render time (no CSS classes), and a panel whose part of the state did not
change is not redrawn at all (see :class:`Panel`).
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual, visualize
from textual.widget import Widget
from textual.widgets import Static

from moderator.market import ZONE_MARKS, linear_stack
from moderator.narrate import place_names, president_shown, share_heads, title_word
from moderator.text import capital, counted, money, ordinal, shorts_held
from moderator.ui import style
from moderator.ui.style import ACTING, CHANGED
from moderator.ui.widgets.quicktable import quick


def badge(cid: str, width: int = 0) -> Text:
    """A company id in its colours (``style.badge``)."""
    return style.badge(cid, width)


def company_text(cid: str) -> Text:
    """A company id coloured in the foreground only (``style.company_text``)."""
    return style.company_text(cid)


def _money(cur: str, amount: int | None) -> str:
    """An amount as players read it (:func:`moderator.text.money`); blank for none."""
    return "" if amount is None else money(cur, amount)


def _cell(text: str | Text, changed: bool, justify: str = "right") -> Text:
    out = Text(text) if isinstance(text, str) else text.copy()
    out.justify = justify  # type: ignore[assignment]
    if changed:
        out.stylize(CHANGED)
    return out


def _to_act(data: dict[str, Any]) -> str | None:
    """Who acts next, as the engine says (``to_act``, issue 37.3; ``turn`` in a state
    JSON without it)."""
    return data["to_act"] if "to_act" in data else data.get("turn")


def _acting(data: dict[str, Any], kind: str) -> str | None:
    """Who acts, if the round is of ``kind`` (``SR``: a player, ``OR``: a company)."""
    return _to_act(data) if data.get("round", {}).get("kind") == kind else None


def _corporations(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [co for co in data["companies"] if co["kind"] == "corporation" and not co["closed"]]


def _held_corporations(data: dict[str, Any]) -> list[str]:
    """The corporations with a column in the players panel: those launched, and (1853)
    those whose shares players hold before the company forms (claims, 2.5)."""
    held = {cid for p in data.get("players", []) for cid, pct in p.get("shares", {}).items() if pct}
    return [co["id"] for co in _corporations(data) if co["launched"] or co["id"] in held]


def _company(data: dict[str, Any], cid: str) -> dict[str, Any]:
    """The state JSON entry of company ``cid`` (empty when there is none)."""
    return next((co for co in data.get("companies", []) if co["id"] == cid), {})


def _private_label(data: dict[str, Any], pid: str, cur: str) -> Text:
    """A private company in a player's list.

    1846 shows the id only.  Where the state says more of its privates (1847 AE:
    ``investor_of``, ``range``) the label gives what the banker pays out or
    exchanges: the income (``R M30``), the corporation an investor private turns
    into a share of (``MNR M20→HLB``, 4.4), and Krauss & Co.'s price
    (``LFK @M100``, 4.1: it is scored at its price and pays no income), each amount
    with its sign as the companies' figures beside it.
    """
    co = _company(data, pid)
    label = company_text(pid)
    if "investor_of" not in co:
        return label
    if pid == "LFK" or co.get("price") is not None and not co.get("income"):
        price = co.get("price")
        if price is not None:
            label.append(f" @{_money(cur, price)}", style="")
        return label
    if co.get("income"):
        label.append(f" {_money(cur, co['income'])}", style="")
    if co.get("investor_of"):
        label.append("→", style="dim")
        label.append(company_text(co["investor_of"]))
    return label


class RenderedOnce(Visual):
    """A panel's content, rendered once per width.

    Textual renders a Rich renderable once to measure its height and again to
    paint it; a panel's table is the dearest thing on the screen to render, so
    the height check and the paint share one rendering here.
    """

    def __init__(self, widget: Widget, inner: Visual, min_height: int = 0) -> None:
        self.widget = widget
        self.inner = inner
        self.min_height = min_height
        """Blank lines are added below to make at least this many."""
        self._width: int | None = None
        self._strips: list[Strip] = []

    def strips(self, width: int) -> list[Strip]:
        """The content at ``width`` in the widget's own style (rendered on first use)."""
        if width != self._width:
            widget = self.widget
            options = RenderOptions(widget._get_style, widget.styles)
            strips = self.inner.render_strips(width, None, widget.visual_style, options)
            if len(strips) < self.min_height:
                blank = Strip.blank(width, widget.visual_style.rich_style)
                strips = [*strips, *[blank] * (self.min_height - len(strips))]
            self._strips = strips
            self._width = width
        return self._strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        """As the content's."""
        return self.inner.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        """The lines of the content at ``width``."""
        return len(self.strips(width))

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions
    ) -> list[Strip]:
        """The rendering made for the height check, unless something else is asked for."""
        if options.selection is not None or style != self.widget.visual_style:
            return self.inner.render_strips(width, height, style, options)
        strips = self.strips(width)
        return strips if height is None else strips[:height]


class Panel(Static):
    """Base of the panels: draws its slice of the state JSON on :meth:`show`.

    A keystroke should cost a repaint of what changed, not a new layout of the
    screen.  So :meth:`show` compares the panel's own :meth:`view` of the data
    (and of the highlight) with what it drew last and does nothing when they
    are equal; when they differ it repaints, and asks for a new layout only if
    the number of lines it needs changed.
    """

    DEFAULT_CSS = "Panel { height: auto; }"

    WIDTH_DEPENDENT = False
    """Whether :meth:`build` lays out for the width (then a resize redraws)."""
    KEEP_HEIGHT = False
    """Whether the panel keeps its height when its content needs fewer lines (a
    panel whose height changes makes the screen lay out again, and draw twice)."""

    def __init__(self, *, id: str | None = None, title: str = "") -> None:
        super().__init__("", id=id)
        self.border_title = title
        self.data: dict[str, Any] | None = None
        self.changed: set[str] = set()
        self.currency = "$"
        self._view: Any = None
        self._content: RenderedOnce | None = None
        self._built_at = 0
        """The width :meth:`build` was last called at."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """What the panel shows of ``data`` and ``changed`` (compared between draws)."""
        return data, changed

    def shown_for(self, data: dict[str, Any]) -> bool | None:
        """Whether the panel is on screen for ``data``; ``None``: always (the default)."""
        return None

    def show(
        self, data: dict[str, Any], changed: set[str] | None = None, currency: str = "$"
    ) -> None:
        """Draw ``data`` (state JSON), highlighting the ids in ``changed``."""
        wanted = self.shown_for(data)
        if wanted is not None and wanted != self.display:
            self.display = wanted
        changed = set(changed or ())
        view = (self.view(data, changed), currency)
        if view == self._view:
            return
        self._view = view
        self.data = data
        self.changed = changed
        self.currency = currency
        self.draw()

    def draw(self) -> None:
        """Repaint from the current data; a new layout only if the height changes."""
        width, height = self.size
        self._built_at = width
        keep = height if self.KEEP_HEIGHT else 0
        # tables whose cells all fit are drawn without Rich's general machinery
        # (quicktable: the same segments, a tenth of the cost; issue 21.4)
        built = self.shaped(self.build(), width)
        self._content = RenderedOnce(self, visualize(self, quick(built)), keep)
        if width and self._content.get_height(self.styles, width) == height:
            self.refresh()
        else:
            self.refresh(layout=True)

    def render(self) -> Visual:
        """The content drawn last (blank before the first :meth:`show`)."""
        return self._content if self._content is not None else super().render()

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Take a new size from a layout without asking for yet another layout.

        Textual stores a widget's new scrollable size through a reactive that
        lays the screen out again, which costs a second frame after every
        change of a panel's height.  A panel does not scroll, so its
        scrollable size is stored without that.

        A panel drawn for its width is drawn again at once for a new width, before
        the frame that follows this layout (on its ``Resize``, that frame had the
        old width's drawing and a second frame the new one: the market at every
        opening, issue 41).
        """
        resized = super()._size_updated(size, virtual_size, container_size, layout=False)
        self.on_resize()
        return resized

    def on_resize(self) -> None:
        """Width-dependent panels redraw when their width changes (not their height)."""
        if self.WIDTH_DEPENDENT and self.data is not None and self.size.width != self._built_at:
            self.draw()

    def build(self) -> Any:
        """The renderable for the current data."""
        raise NotImplementedError

    def shaped(self, built: Any, width: int) -> Any:
        """What :meth:`build` made, as drawn at ``width`` (most panels: as it is)."""
        return built


class PlayersPanel(Panel):
    """Players in seat order: cash, certificates used/limit, percent per corporation,
    privates and current value.  The player to act is marked with ▶, priority with ◆."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """Players, the launched corporations, whose turn, the limit; highlights of them."""
        corps = _held_corporations(data)
        names = {p["name"] for p in data["players"]}
        privates = [
            (co["id"], co.get("income"), co.get("price"), co.get("investor_of"))
            for co in data["companies"]
            if co["kind"] != "corporation"
        ]
        return (
            data["players"],
            corps,
            _acting(data, "SR"),
            data.get("priority"),
            data.get("cert_limit"),
            changed & (names | set(corps)),
            privates,
            data.get("bonds"),
        )

    def build(self) -> Any:
        data = self.data or {}
        cur = self.currency
        corps = _held_corporations(data)
        table = Table(box=None, expand=True, pad_edge=False, padding=(0, 1), header_style="bold")
        table.add_column("", width=1, no_wrap=True)
        table.add_column("Player", no_wrap=True)
        table.add_column("Cash", justify="right", no_wrap=True)
        table.add_column("Certs", justify="right", no_wrap=True)
        for cid in corps:
            table.add_column(badge(cid), justify="right", no_wrap=True)
        bonds: dict[str, int] = data.get("bonds") or {}
        unredeemed = any(p.get("unredeemed") for p in data.get("players", []))
        has_privates = "bonds" not in data or any(p["privates"] for p in data["players"])
        if bonds:
            # 1853 2.5.2: the bond is held aside until fulfilled; not in the value (5.2.1)
            table.add_column("Bond", justify="right", no_wrap=True)
        if unredeemed:
            # 1853 2.7.3: contracted shares not paid for at settlement
            table.add_column("Unred.", no_wrap=True)
        if has_privates:
            table.add_column("Privates", no_wrap=False)
        table.add_column("Value", justify="right", no_wrap=True)
        acting = _acting(data, "SR")
        limit = data.get("cert_limit")
        for p in data.get("players", []):
            name = p["name"]
            ch = name in self.changed
            mark = Text("▶", style=ACTING) if name == acting else Text("")
            if name == data.get("priority"):
                mark = Text("◆" if name != acting else "▶", style=ACTING)
            label = Text(name, style="bold" if name == acting else "")
            if p.get("bankrupt"):
                label.append(" bankrupt", style="red")
            certs = f"{p['certificates']}/{limit}" if limit else str(p["certificates"])
            over = limit is not None and p["certificates"] > limit
            row: list[Text] = [
                mark,
                _cell(label, ch, "left"),
                _cell(_money(cur, p["cash"]), ch),
                _cell(Text(certs, style="bold red" if over else ""), ch),
            ]
            shorts = p.get("shorts") or {}  # 1817 facts §5: "-1 short" in its column
            for cid in corps:
                pct = p["shares"].get(cid, 0)
                said = shorts_held(cid, shorts[cid])[len(cid) + 1 :] if shorts.get(cid) else "·"
                row.append(_cell(f"{pct}%" if pct else said, ch and cid in self.changed))
            if bonds:
                bond = bonds.get(name)
                row.append(
                    _cell(
                        Text(_money(cur, bond), style="yellow") if bond else Text("·", style="dim"),
                        ch,
                    )
                )
            if unredeemed:
                owed = p.get("unredeemed") or {}
                label = Text(" ").join(
                    Text(f"{cid}×{n}", style="red") for cid, n in owed.items() if n
                )
                row.append(_cell(label if owed else Text("·", style="dim"), ch, "left"))
            if has_privates:
                privates = Text(" ").join(_private_label(data, x, cur) for x in p["privates"])
                row.append(_cell(privates, ch, "left"))
            row.append(_cell(_money(cur, p["value"]), ch))
            table.add_row(*row)
        return table


class CompaniesPanel(Panel):
    """Corporations and independents: cash, price, president/owner, treasury and pool
    percent, trains (phased-out ones marked ``*``), privates.

    Where the state JSON says whether a corporation has floated (1847 AE, 1830), a
    corporation started but not floated shows ``not floated`` for its cash (1830: one
    floated shows the capital it receives at the next operating round, 11.0).  Where it
    gives investor shares (1847 AE) the column ``Inv`` gives the investor share still
    reserved for an investor private (4.4), the president is called the director, and
    Krauss & Co. has a row of its own: its price, its owner (or the pool) and whether
    the first new train from the bank has paid it this operating round (4.1).
    """

    KEEP_HEIGHT = True

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The companies, whose turn, Krauss, the package; highlights of companies."""
        ids = {co["id"] for co in data["companies"]}
        return (
            data["companies"],
            _acting(data, "OR"),
            changed & ids,
            data.get("krauss"),
            data.get("package_open"),
            (data.get("market") or {}).get("positions"),
            data.get("round", {}).get("kind"),
        )

    def build(self) -> Any:
        data = self.data or {}
        cur = self.currency
        corps = _corporations(data)
        if any("manager" in co for co in corps):
            return self.build_1853(data, corps)
        detailed = any("investor" in co for co in corps)
        # 1847 AE state: floated, investor shares, Krauss & Co.; 1830 says floated too
        table = Table(box=None, expand=True, pad_edge=False, padding=(0, 1), header_style="bold")
        table.add_column("", width=1, no_wrap=True)
        table.add_column("Co", width=6, no_wrap=True)
        table.add_column("Cash", justify="right", no_wrap=True)
        table.add_column("Price", justify="right", no_wrap=True)
        # the title's words: 1847's director, 1830's offering and pool, 1846's market
        unsold, pool_head = (capital(w) for w in share_heads(data.get("title")))
        table.add_column(capital(title_word(data.get("title"), "president")), no_wrap=True)
        table.add_column(unsold, justify="right", no_wrap=True)
        if detailed:
            table.add_column("Inv", justify="right", no_wrap=True)
        table.add_column(pool_head, justify="right", no_wrap=True)
        loans = any("loans" in co for co in corps)  # 1817: size, loans, interest (facts §6)
        if loans:
            table.add_column("Size", justify="right", no_wrap=True)
            table.add_column("Loans", justify="right", no_wrap=True)
        table.add_column("Trains", no_wrap=False)
        table.add_column("Privates", no_wrap=False)
        acting = _acting(data, "OR")
        waiting: list[str] = []
        for co in data.get("companies", []):
            cid = co["id"]
            if co["closed"] or not co.get("in_play", True):
                continue
            if co["kind"] == "private":
                if detailed and cid == "LFK":
                    krauss = self.krauss_row(data, co)
                    if krauss is not None:
                        table.add_row(*krauss)
                continue
            if co["kind"] == "corporation" and not co["launched"]:
                waiting.append(cid)
                continue
            ch = cid in self.changed
            mark = Text("▶", style=ACTING) if cid == acting else Text("")
            trains = Text()
            out = list(co.get("phased_out", []))
            for i, name in enumerate(co["trains"]):
                if i:
                    trains.append(" ")
                if name in out:
                    out.remove(name)
                    trains.append(f"{name}*", style="dim strike")
                else:
                    trains.append(name, style="bold")
            privates = Text(" ").join(company_text(x) for x in co["privates"])
            if co["kind"] == "corporation":
                who = president_shown(co["president"]) or "—"
                ipo = f"{co['ipo']}%"
                pool = f"{co['pool']}%" if co["pool"] else "·"
                if co.get("out_of_game"):  # 18Chesapeake, two players: left the game (§13.3)
                    pool = f"{co['pool']}%, {co['out_of_game']}% out"
            else:
                who = co.get("owner") or "—"
                ipo = pool = ""
            cash = _cell(_money(cur, co["cash"]), ch)
            if co.get("floated") is False:
                cash = _cell(Text("not floated", style="dim"), ch)
            elif co.get("capital_due"):  # 1830 11.0: its capital at the next operating round
                due = Text(_money(cur, co["cash"]))
                due.append(f" +{_money(cur, co['capital_due'])}", style="dim")
                cash = _cell(due, ch)
            cells = [
                mark,
                badge(cid, 6),
                cash,
                _cell(_money(cur, co["price"]), ch or "market" in self.changed and ch),
                _cell(who, ch, "left"),
                _cell(ipo, ch),
            ]
            if detailed:
                investor = co.get("investor") or 0
                cells.append(_cell(f"{investor}%" if investor else "·", ch))
            cells.append(_cell(pool, ch))
            if loans:
                cells += self.loan_cells(co, ch)
            cells += [_cell(trains, ch, "left"), _cell(privates, ch, "left")]
            table.add_row(*cells)
        parts: list[Any] = [table]
        if waiting and not (detailed and data.get("package_open")):
            # 1847 AE: while the starting package is open no other corporation can start
            # (4.5.1), and the package panel shows what is for sale
            line = Text("Not yet started: " if detailed else "Not yet floated: ", style="dim")
            for i, x in enumerate(waiting):
                if i:
                    line.append(" ")
                line.append(company_text(x))
                if detailed and _company(data, x).get("available"):
                    line.append(" (may start now, 4.5.1)", style="dim")
            parts.append(line)
        unowned = [
            co["id"]
            for co in data.get("companies", [])
            if co["kind"] == "private"
            and not co["closed"]
            and co.get("owner") is None
            and co.get("in_play")
        ]
        if unowned and not data.get("package_open"):
            parts.append(Text("Unowned privates: " + " ".join(unowned), style="dim"))
        return Group(*parts)

    def loan_cells(self, co: dict[str, Any], ch: bool) -> list[Text]:
        """1817: the corporation's size (2/5/10 shares) and its loans, with the interest
        it owes this operating round as the engine computed it (facts §6)."""
        size = co.get("size")
        loans = Text(str(co.get("loans") or 0) if co.get("loans") else "·")
        if co.get("interest_paid"):
            loans.append(" paid", style="dim")  # this OR's interest (Session's record)
        elif co.get("interest_due"):
            loans.append(f" owes {_money(self.currency, co['interest_due'])}", style="dim")
        return [_cell(f"{size}sh" if size else "·", ch), _cell(loans, ch)]

    def build_1853(self, data: dict[str, Any], corps: list[dict[str, Any]]) -> Any:
        """1853's companies in number order: major or minor, par and price, the director
        or the manager (3.4), the shares issued of the initial offer, the trains with a
        credit train and its debt (3.4.3), the minors' special token (4.8.19)."""
        cur = self.currency
        table = Table(box=None, expand=True, pad_edge=False, padding=(0, 1), header_style="bold")
        table.add_column("", width=1, no_wrap=True)
        table.add_column("Co", width=6, no_wrap=True)
        table.add_column("No", no_wrap=True)
        table.add_column("Cash", justify="right", no_wrap=True)
        table.add_column("Par", justify="right", no_wrap=True)
        table.add_column("Price", justify="right", no_wrap=True)
        table.add_column("Director", no_wrap=True)
        table.add_column("Issued", justify="right", no_wrap=True)
        table.add_column(capital(share_heads(data.get("title"))[1]), justify="right", no_wrap=True)
        table.add_column("Trains", no_wrap=False)
        table.add_column("Notes", no_wrap=True, overflow="ellipsis", ratio=1)
        acting = _acting(data, "OR")
        positions = (data.get("market") or {}).get("positions") or {}
        waiting: list[dict[str, Any]] = []
        for co in sorted(corps, key=lambda x: (x.get("number") or 99, x["id"])):
            cid = co["id"]
            if not co.get("formed", co["launched"]):
                waiting.append(co)
                continue
            ch = cid in self.changed
            mark = Text("▶", style=ACTING) if cid == acting else Text("")
            kind = Text(
                f"{co.get('number', '')} " + ("maj" if co.get("major") else "min"), style="dim"
            )
            if co.get("manager"):
                who = Text.assemble(("mgr ", "yellow"), (str(co["manager"]), ""))
            else:
                who = Text(co.get("president") or "—")
            issued = co.get("issued")
            price = positions.get(cid, co.get("price"))
            trains = Text()
            out = list(co.get("phased_out", []))
            credit = co.get("credit_train")
            for i, name in enumerate(co["trains"]):
                if i:
                    trains.append(" ")
                if name in out:
                    out.remove(name)
                    trains.append(f"{name}*", style="dim strike")
                elif credit is not None and name == credit:
                    trains.append(f"{name}c", style="bold yellow")
                    credit = None  # one credit train at a time (3.4.3)
                else:
                    trains.append(name, style="bold")
            notes = Text()
            if co.get("credit_train"):
                debt = co.get("credit_debt") or 0
                notes.append(f"credit {co['credit_train']}", style="yellow")
                notes.append(
                    f": owes {_money(cur, debt)} (3.4.3)" if debt else ": paid",
                    style="bold red" if debt else "dim",
                )
            if co.get("major") is False:
                if notes:
                    notes.append("; ", style="dim")
                if co.get("token_used"):
                    notes.append("special token used", style="dim")
                else:
                    notes.append("special token (4.8.19)", style="cyan")
            if co.get("tokens_bought"):
                if notes:
                    notes.append("; ", style="dim")
                notes.append(f"{counted(co['tokens_bought'], 'base')} bought", style="dim")
            pool = co.get("pool") or 0
            table.add_row(
                mark,
                badge(cid, 6),
                _cell(kind, ch, "left"),
                _cell(_money(cur, co["cash"]), ch),
                _cell(_money(cur, co.get("par")), ch),
                _cell(_money(cur, price), ch or "market" in self.changed and ch),
                _cell(who, ch, "left"),
                _cell(f"{issued}/10" if issued is not None else "", ch),
                _cell(f"{pool}%" if pool else "·", ch),
                _cell(trains, ch, "left"),
                _cell(notes, ch, "left"),
            )
        parts: list[Any] = [table] if table.row_count else []
        if waiting:
            line = Text("Not yet formed (par, shares issued): ", style="dim")
            for i, co in enumerate(waiting):
                if i:
                    line.append("  ")
                line.append(company_text(co["id"]))
                line.append(f" {_money(cur, co.get('par'))}", style="dim")
                if co.get("issued"):
                    line.append(f" {co['issued']}")
            parts.append(line)
            rnd = data.get("round") or {}
            on_sale = [co["id"] for co in waiting if co.get("available")]
            if rnd.get("kind") == "SR" and not rnd.get("setup") and on_sale:
                # 3.1.3: the claimed companies first, the others once they are all issued
                sale = Text("On sale (3.1.3): ", style="dim")
                sale.append(
                    " ".join(on_sale)
                    if len(on_sale) < len(waiting)
                    else "every company not yet formed"
                )
                parts.append(sale)
        return Group(*parts)

    def krauss_row(self, data: dict[str, Any], co: dict[str, Any]) -> list[Text] | None:
        """Krauss & Co.'s row (4.1): price, owner, what the first new train owes it; none
        until it is bought."""
        krauss = data.get("krauss") or {}
        owner = krauss.get("owner", co.get("owner"))
        if owner is None:
            return None
        ch = "LFK" in self.changed
        price = krauss.get("price", co.get("price"))
        if owner == "pool":
            note = Text("pays no one (4.1)", style="dim")
            who = "bank pool"
        elif krauss.get("paid_this_or"):
            note = Text("paid this round", style="dim")
            who = owner
        else:
            note = Text("1st new train pays 10%", style="dim")
            who = owner
        cells = [
            Text(""),
            badge("LFK", 6),
            _cell("", ch),
            _cell(_money(self.currency, price), ch),
            _cell(who, ch, "left"),
            _cell("", ch),
            _cell("", ch),
            _cell("100%" if owner == "pool" else "·", ch),
            _cell(note, ch, "left"),
            _cell("", ch),
        ]
        return cells


STAGE_HELP: dict[str, str] = {
    "bonds": "n: `bond PLAYER AMOUNT` for every player, any order; the largest bond sits "
    "first, with the Elephant (2.5.2, 2.5.3)",
    "claims": "a: `claim PLAYER CITY CORP` (`sealed` for a secret city) · x: `pass PLAYER` "
    "ends a bid · m: `settle` (2.5, 2.7)",
}
"""The keys and the command bar's lines at each stage of 1853's contract bids."""


class BidsPanel(Panel):
    """1853's contract bids while they are being made (stage ``bonds`` or ``claims``):
    each player's bond, the cities claimed with the share taken for each (a sealed city
    is shown as ``sealed``), whether the bid is complete; the Elephant's holder.
    Hidden outside the contract stage (the bonds held aside are then a column of the
    players panel)."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The stage, the bids and bonds, the seats; highlights of the players."""
        names = [p["name"] for p in data.get("players", [])]
        return (
            data.get("stage"),
            data.get("bids"),
            data.get("bonds"),
            names,
            data.get("elephant"),
            changed & set(names),
        )

    def shown_for(self, data: dict[str, Any]) -> bool | None:
        """Only while bonds or claims are being given (1853's setup)."""
        return bool(data.get("stage"))

    def build(self) -> Any:
        data = self.data or {}
        cur = self.currency
        stage = data.get("stage") or ""
        bids: dict[str, dict[str, Any]] = data.get("bids") or {}
        bonds: dict[str, int] = data.get("bonds") or {}
        elephant = data.get("elephant")
        lines: list[Text] = [Text(STAGE_HELP.get(stage, stage), style="dim")]
        width = max((len(p["name"]) for p in data.get("players", [])), default=4)
        for p in data.get("players", []):
            name = p["name"]
            bid = bids.get(name) or {}
            line = Text(no_wrap=False)
            line.append("◆ " if name == elephant else "  ", style=ACTING)
            who = Text(f"{name:<{width}}", style="bold")
            if name in self.changed:
                who.stylize(CHANGED)
            line.append_text(who)
            bond = bid.get("bond", bonds.get(name))
            if bond:
                line.append("  bond ", style="dim")
                line.append(_money(cur, bond), style="bold yellow")
            else:
                line.append("  no bond yet", style="red")
            cities: list[str] = list(bid.get("cities") or [])
            shares: list[str] = list(bid.get("shares") or [])
            if cities:
                line.append("  ")
                for i, city in enumerate(cities):
                    if i:
                        line.append(", ", style="dim")
                    line.append(city, style="italic dim" if city == "sealed" else "")
                    if i < len(shares):
                        line.append("→", style="dim")
                        line.append_text(company_text(shares[i]))
                count = f"{len(cities)} cit{'y' if len(cities) == 1 else 'ies'}"
                if bid.get("value") is not None:
                    count += f" {_money(cur, bid['value'])}"
                line.append(f"  ({count})", style="dim")
            elif stage == "claims":
                line.append("  no claim yet", style="dim")
            if bid.get("passed"):
                line.append("  complete", style="green")
            if name == elephant:
                line.append("  Elephant (2.5.3)", style="dim")
            lines.append(line)
        return Group(*lines)


class MarketPanel(Panel):
    """1846's one-row stock market: the values in a row, each space's markers stacked
    beneath it in order (top first); the acting company is highlighted.  A space of a
    zone is marked with its letter (1817: ``L $0`` liquidation, ``A $0`` acquisition)."""

    CELL = 6
    WIDTH_DEPENDENT = True
    KEEP_HEIGHT = True

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The market, whose turn; highlights of the companies on it."""
        market = data.get("market") or {}
        placed = {cid for stack in market.get("stacks", {}).values() for cid in stack}
        return market, _acting(data, "OR"), changed & placed

    def build(self) -> Any:
        data = self.data or {}
        market = data.get("market") or {}
        values: list[int] = market.get("values", [])
        if not values:
            return Text("")
        stacks = [linear_stack(market, i) for i in range(len(values))]
        zones: list[str] = market.get("zones") or []
        acting = _acting(data, "OR")
        width = max(self.size.width - 2, self.CELL * 8)
        fits = max(8, width // self.CELL)
        occupied = [i for i, stack in enumerate(stacks) if stack]
        if occupied:
            lo, hi = min(occupied), max(occupied)
            centre = (lo + hi) // 2
            start = max(0, min(centre - fits // 2, len(values) - fits))
            if lo < start:
                start = lo
        else:
            start = max(0, min(len(values) - fits, 5))
        shown = list(range(start, min(len(values), start + fits)))
        cur = self.currency
        top = Text()
        if shown and shown[0] > 0:
            top.append("…", style="dim")
        else:
            top.append(" ")
        for i in shown:
            mark = ZONE_MARKS.get(zones[i], "") if i < len(zones) else ""
            label = f"{mark} {_money(cur, values[i])}" if mark else _money(cur, values[i])
            top.append(label.rjust(self.CELL - 1) + " ", style="bold" if stacks[i] else "dim")
        if shown and shown[-1] < len(values) - 1:
            top.append("…", style="dim")
        depth = max((len(stacks[i]) for i in shown), default=0)
        lines = [top]
        for level in range(depth):
            line = Text(" ")
            for i in shown:
                stack = stacks[i]
                if level < len(stack):
                    cid = stack[level]
                    cell = badge(cid, self.CELL - 1)
                    if cid == acting:
                        cell.stylize("underline")
                        cell = Text("▶", style=ACTING) + cell[1:]
                    if cid in self.changed:
                        cell.stylize(CHANGED)
                    line.append(cell)
                    line.append(" ")
                else:
                    line.append(" " * self.CELL)
            lines.append(line)
        if not depth:
            lines.append(Text(" no company has a price yet", style="dim"))
        # the letters said under the panel (1817: "L liquidation · A acquisition")
        self.border_subtitle = " · ".join(f"{m} {z}" for z, m in ZONE_MARKS.items() if z in zones)
        return Group(*lines)


class TrainsPanel(Panel):
    """Phase, train limit, the depot (what can be bought next and for how much, how
    many are left) and what the next purchase from the depot changes."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """Phase, limit, depot and the next phase; whether the phase just changed."""
        return (
            data.get("phase"),
            data.get("train_limit"),
            data.get("depot"),
            data.get("depot_remaining"),
            data.get("next_phase"),
            "phase" in changed,
            data.get("pool_trains"),
            data.get("train_limit_provisional"),
        )

    def build(self) -> Any:
        data = self.data or {}
        cur = self.currency
        line = Text()
        line.append("Phase ", style="dim")
        phase_style = "bold reverse" if "phase" in self.changed else "bold"
        line.append(str(data.get("phase", "")), style=phase_style)
        line.append("  train limit ", style="dim")
        line.append(str(data.get("train_limit", "")), style="bold")
        if data.get("train_limit_provisional"):
            line.append(" PROVISIONAL", style="bold yellow")
        line.append("   Next from the bank: ", style="dim")
        depot = data.get("depot", [])
        if depot:
            for i, d in enumerate(depot):
                if i:
                    line.append(" or ", style="dim")
                line.append(d["train"], style="bold")
                line.append(f" {_money(cur, d['price'])}")
                if d.get("provisional"):  # a box value not confirmed (1847 Pfalz, 11.2.7)
                    line.append(" PROVISIONAL", style="bold yellow")
                if d.get("returned"):
                    line.append(" (returned)", style="dim")
        else:
            line.append("none left", style="red")
        remaining = data.get("depot_remaining") or {}
        if remaining:
            line.append("   left: ", style="dim")
            line.append("  ".join(f"{k}×{v}" for k, v in remaining.items()))
        pool = data.get("pool_trains") or []
        if pool:
            # 1847 AE: trains in the bank pool are for sale at their list price (6.8)
            line.append(f"   in the {place_names(data.get('title'))[2]}: ", style="dim")
            line.append(" ".join(pool), style="bold")
        nxt = data.get("next_phase")
        second = Text()
        if nxt:
            second.append("Next purchase starts phase ", style="dim")
            second.append(str(nxt["phase"]), style="bold yellow")
            second.append(f": train limit {nxt['train_limit']}")
            if nxt.get("phases_out"):
                second.append("; phases out " + ", ".join(nxt["phases_out"]), style="yellow")
            if nxt.get("rusts"):
                second.append("; rusts " + ", ".join(nxt["rusts"]), style="bold red")
            effects = list(nxt.get("effects") or ())
            if nxt.get("privates_close") and not any(
                "private companies close" in effect for effect in effects
            ):
                # said once: 1846's effect says it already, with the Mail Contract's exception
                second.append("; private companies close", style="yellow")
            for effect in effects:
                second.append(f"; {effect}", style="yellow")
            if nxt.get("provisional"):  # from box values not confirmed (1847 Pfalz, 11.2.8)
                second.append("  PROVISIONAL", style="bold yellow")
        else:
            second.append("Next purchase does not change the phase", style="dim")
        return Group(line, second)


def setup_done(data: dict[str, Any]) -> bool:
    """Whether a setup without stages (1846) is done: the removals are made and the
    private companies distributed (a player owns one; 1846 2.3, 3.2)."""
    if "stage" in data:
        return False  # 1853: the contract bids are the setup until `settle`
    if "seed_money" in data:
        return False  # 1817: the opening auction's results until it ends (facts §1)
    if "box" in data:  # 1847 Pfalz, RRRR&B: the box's values entered, stock round 1 comes
        return all(item.get("value") is not None for item in data["box"])
    players = {p["name"] for p in data.get("players", [])}
    return any(
        co.get("owner") in players
        for co in data.get("companies", [])
        if co.get("kind") in ("private", "independent")
    )


def setup_names_actor(data: dict[str, Any]) -> bool:
    """Whether the header of a setup names the player to act: 1853's contract bids (2.5.4)
    and 1817's opening auction (its chooser, facts §1), whose ``x`` passes him, also where
    the pass ends the setup (the header of 1846's removals and distribution, or of 1847
    Pfalz's box, says "Setup" and names no one)."""
    return ("stage" in data or "seed_money" in data) and _to_act(data) is not None


def _unowned_privates(data: dict[str, Any]) -> bool:
    """Whether a private company is still without an owner (a result may come)."""
    return any(
        co.get("owner") is None and not co.get("closed")
        for co in data.get("companies", [])
        if co.get("kind") in ("private", "independent")
    )


def _acting_interest(data: dict[str, Any]) -> tuple[str, int, bool] | None:
    """1817, an operating round: the acting corporation, the interest it owes for its loans
    at the rate fixed for the round (the state JSON's ``interest_due``) and whether it has
    paid it (facts §6); ``None`` elsewhere."""
    if data["round"].get("kind") != "OR" or not data.get("interest"):
        return None
    acting = _to_act(data)
    co = next((x for x in data.get("companies", []) if x["id"] == acting), None)
    if co is None or "interest_due" not in co:
        return None
    return str(acting), int(co["interest_due"] or 0), bool(co.get("interest_paid"))


ITEM_GAP = re.compile(" {3,}")
"""What separates the header's items (``Bank $4,940   ✓ $12,000``)."""


def packed_items(line: Text, width: int) -> Text:
    """``line``'s items (separated by three spaces or more) packed into lines of ``width``
    cells, an item moved whole to the next line when it does not fit: wrapped by words, an
    80-column header read ``… Phase 3   Bank`` / ``M7,101   ✓ M8,000``, the bank's word
    apart from its figure.  An item wider than the line alone still wraps by words; a
    line that fits, or holds a line break of its own, is left as it is."""
    if width <= 0 or line.cell_len <= width or "\n" in line.plain:
        return line
    cuts = [gap.end() for gap in ITEM_GAP.finditer(line.plain)]
    packed = Text(end=line.end)
    used = 0
    for item in line.divide(cuts):
        shown = item.copy()
        shown.rstrip()
        if used and used + shown.cell_len > width:
            packed.rstrip()
            packed.append("\n")
            used = 0
        packed.append_text(item)
        used += item.cell_len
    packed.rstrip()
    return packed


class StatusBar(Panel):
    """The top line: title, round, acting player or company, priority, bank cash
    (and broken), and the conservation checksum (bank + all cash = starting total; with
    1817's unlimited bank, the money issued, all in play).

    In an operating round the order is the state JSON's ``operating_order``,
    which starts with the acting company (marked ▶)."""

    DEFAULT_CSS = "StatusBar { height: auto; }"
    WIDTH_DEPENDENT = True  # its items are packed for the width (:func:`packed_items`)

    def shaped(self, built: Any, width: int) -> Any:
        """The header's items packed into the width, each whole (:func:`packed_items`)."""
        return packed_items(built, width)

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """Everything on the line; whether the bank's cash just changed."""
        return (
            data.get("title_name", data["title"]),
            data["round"],
            data.get("turn"),
            _to_act(data),
            data.get("operating_order"),
            data.get("priority"),
            data["phase"],
            data["bank"],
            data.get("total_cash"),
            data.get("starting_total"),
            data.get("ended"),
            data.get("end_reason"),
            "bank" in changed,
            data.get("stage"),
            data.get("elephant"),
            data.get("short"),
            data.get("extra_or"),
            data.get("interest"),
            str(data.get("discard_first")),
            _acting_interest(data),
            data["round"].get("setup") and (setup_done(data), _unowned_privates(data)),
            tuple(data.get("missing") or ()),
            tuple(data.get("provisional") or ()),
            data.get("seed_money"),
            str(data.get("merger")),  # 1817's merger round (its presidents with it)
            str(data.get("acquisition")),  # 1817's acquisition round
            str(data.get("crisis")),  # 1817's cash crisis
        )

    def build(self) -> Any:
        data = self.data or {}
        changed = self.changed
        cur = self.currency
        rnd = data["round"]
        line = Text()
        line.append(f" {data.get('title_name', data['title'])} ", style="bold reverse")
        if data.get("variant"):
            line.append("variant ", style="bold reverse")
        if data.get("short"):
            line.append("short ", style="bold reverse")  # 1853 2.4: the shortened game
        line.append("  ")
        if rnd.get("setup") and setup_done(data):
            # 1846 3.23: the privates are distributed, so the first stock round is what
            # comes (the game begins it with the first stock-round command)
            line.append(f"Stock round {rnd.get('number') or 1}", style="bold")
            if data.get("package_open"):  # 1847 Pfalz, RRRR&B: the package first (3.3)
                line.append(" — the starting package (3.3)", style="dim")
            if _to_act(data):
                line.append("   to act ", style="dim")
                line.append(str(_to_act(data)), style=ACTING)
            if data.get("title") == "1846" and _unowned_privates(data):
                # 1846 3.2: the privates are dealt at the table; a result may still come
                line.append("   a private result may still be entered", style="dim")
        elif rnd.get("setup"):
            line.append("Setup", style="bold")
            if "stage" in data:  # 1853: the contract bids (2.5-2.7)
                what = {"bonds": "contract bonds (2.5)", "claims": "contract claims (2.5)"}
                line.append(f" — {what.get(data.get('stage') or '', 'contract bids')}", style="dim")
                if setup_names_actor(data):  # 2.5.4: the claims go round the table
                    line.append("   to act ", style="dim")
                    line.append(str(_to_act(data)), style=ACTING)
            elif "box" in data:  # 1847 Pfalz 11.1, RRRR&B 12.1: the box's values first
                rule = "12.1" if "RRRR" in str(data.get("title")) else "11.1"
                line.append(f" — the box's values first ({rule})", style="dim")
            elif "seed_money" in data:  # 1817 facts §1: the auction's results, written
                line.append(" — the opening auction (facts §1)", style="dim")
                line.append("   seed money left ", style="dim")
                line.append(_money(cur, data["seed_money"]), style="bold")
                if setup_names_actor(data):  # who puts the next private up, or passes
                    line.append("   to choose ", style="dim")
                    line.append(str(_to_act(data)), style=ACTING)
            else:
                line.append(" — removals and private distribution", style="dim")
        elif rnd["kind"] == "SR":
            line.append(f"Stock round {rnd['number']}", style="bold")
            if data.get("package_open"):  # 1847 AE: the first stock round sells it (3.3)
                line.append(" — the starting package (3.3)", style="dim")
            if "drawn" in data and data["drawn"] is None:
                # 18Chesapeake §7.1: the draw is the next line, no player's (tenth keys
                # round: the header named the first player, whose lines the engine refuses)
                draw = "   the draw first: `vanderbilt CORP` (l lists it)"
                line.append(draw, style="bold yellow")
            if _to_act(data):
                line.append("   to act ", style="dim")
                line.append(str(_to_act(data)), style=ACTING)
                turn = data.get("turn")
                if turn and turn != _to_act(data) and data.get("next_player") == _to_act(data):
                    # 1830 4.0: the turn that bought stays open for sales until the next
                    # player's line closes it
                    line.append(f" ({turn} may still sell)", style="dim")
            # 18Chesapeake §10.7: the export at the end of the operating rounds changed the
            # phase and left a company over the limit before the stock round (fifteenth keys
            # round: the header named the player alone, whose every key was refused)
            _discard_words(line, data)
        elif data.get("merger_round"):
            # 1817: the merger and conversion round after an OR (facts §9), then the
            # acquisition round (a later step); the next round begins with its first line
            if data.get("acquisition"):
                line.append(f"Acquisition round {rnd['number']}.{rnd['or']}", style="bold")
                _acquisition_words(line, data)
            else:
                line.append(
                    f"Merger and conversion round {rnd['number']}.{rnd['or']}", style="bold"
                )
                _merger_words(line, data)
            # in the acquisition round the open purchase (its buyer) or the corporation up
            # names who acts; "to act" is then the next round's first
            acquisition = data.get("acquisition") or {}
            if _to_act(data) and not acquisition.get("turn"):
                label = "   next round " if acquisition else "   to act "
                line.append(label, style="dim")
                line.append(str(_to_act(data)), style=ACTING)
        else:
            if rnd.get("or") == 0:
                # 1847 AE 3.3: an operating round inside the first stock round, while
                # items of the starting package are unsold
                line.append(f"Short operating round (in stock round {rnd['number']})", style="bold")
            else:
                line.append(f"Operating round {rnd['number']}.{rnd['or']}", style="bold")
            order = list(dict.fromkeys(data.get("operating_order") or []))
            if order:
                line.append("   order ", style="dim")
                for i, cid in enumerate(order):
                    if i:
                        line.append(" ")
                    if cid == _to_act(data):
                        line.append("▶", style=ACTING)
                        line.append(badge(cid))
                    else:
                        line.append(company_text(cid))
            _discard_words(line, data)
            owed = _acting_interest(data)
            if owed is not None:  # 1817: what the acting corporation owes at its turn's end
                cid, due, paid = owed
                if paid:
                    line.append(f"   {cid}'s interest paid", style="dim")
                elif due:
                    line.append(f"   {cid} owes ", style="dim")
                    line.append(_money(cur, due), style="bold")
            if data.get("extra_or") == "called":
                line.append("   extra OR called (4.9)", style="yellow")
        _crisis_words(line, data, cur)
        if data.get("elephant") or "elephant" in data:
            # 1853 3.1.11: the Elephant is the priority deal (no holder before the bonds)
            if data.get("elephant"):
                line.append("   Elephant ", style="dim")
                line.append(str(data["elephant"]), style="bold")
        elif data.get("priority"):
            line.append("   priority ", style="dim")
            line.append(str(data["priority"]), style="bold")
        _box_values(line, data)
        interest = data.get("interest")
        if interest:  # 1817: the rate fixed at this OR's start from the loans out (facts §6)
            line.append("   Interest ", style="dim")
            line.append(f"{interest['rate']}%", style="bold")
            if interest.get("fixed"):
                line.append(" this OR", style="dim")
                if interest["rate_if_taken_now"] != interest["rate"]:
                    line.append(f" (next {interest['rate_if_taken_now']}%)", style="dim")
            else:
                line.append(" if an OR began now", style="dim")
            total = interest["loans_out"] + interest["loans_left"]
            line.append(f"   loans {interest['loans_out']}/{total}", style="dim")
        line.append("   Phase ", style="dim")
        line.append(str(data["phase"]), style="bold")
        bank = data["bank"]
        line.append("   Bank ", style="dim")
        bank_style = "bold reverse" if "bank" in changed else "bold"
        unlimited = bank["cash"] is None  # 1817: the bank keeps no total
        line.append("unlimited" if unlimited else _money(cur, bank["cash"]), style=bank_style)
        if bank.get("reserve"):  # 1846 2.2: the $500s kept in the box, in the ✓ total below
            line.append(" + box ", style="dim")
            line.append(_money(cur, bank["reserve"]), style="bold")
        if bank.get("broken") and not data.get("ended"):
            ends = bank.get("ends") or "the game ends after this set of operating rounds"
            line.append(f" broken{_bank_rule(bank)}: {ends}", style="bold yellow")
        total, start = data.get("total_cash"), data.get("starting_total")
        if total is not None and start is not None:
            if total == start and unlimited:
                # 1817: the unlimited bank keeps no total (its "$0" checksum said nothing):
                # the money it has issued, all of it in the players' and companies' hands
                line.append(f"   ✓ {_money(cur, bank.get('issued') or 0)} in play", style="green")
            elif total == start:
                line.append(f"   ✓ {_money(cur, start)}", style="green")
            else:
                line.append(f"   ✗ off by {_money(cur, total - start)}", style="bold red")
        if data.get("ended"):
            line.append("   Game over", style="bold red")
            reason = data.get("end_reason")
            if reason:
                line.append(f" — {reason}", style="red")
        return line


def _box_values(line: Text, data: dict[str, Any]) -> None:
    """1847 Pfalz / RRRR&B: the values printed only on the components (the state JSON's
    ``missing`` and ``provisional``), until the banker gives or confirms them with
    ``box`` lines (the game starts only when none is missing)."""
    missing = list(data.get("missing") or ())
    provisional = list(data.get("provisional") or ())
    if missing:
        line.append(f"   box values missing: {', '.join(missing)}", style="bold yellow")
    if provisional:
        count = len(provisional)
        what = "value" if count == 1 else "values"
        line.append(f"   PROVISIONAL: {count} box {what} (`box confirm`)", style="yellow")


def _bank_rule(bank: dict[str, Any]) -> str:
    """`` (9)``: the title's rule on the bank running out (the state JSON's ``bank.rule``:
    1846 10.1, 1847 AE 9, 1853 5.1.1); without one, the rule the bank's note ends by
    naming, else nothing."""
    if bank.get("rule"):
        return f" ({bank['rule']})"
    note = bank.get("note")
    if note:
        match = re.search(r"(\([\d.]+\))\s*\.?$", note)
        if match:
            return f" {match.group(1)}"
    return ""


def ranking_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The final places: the state JSON's ``ranking`` when it has one, else worked out
    from ``result`` (players with the same score share a place; the next place counts
    them all, as at any table: two 1st, then 3rd)."""
    ranking = data.get("ranking")
    if ranking:
        return list(ranking)
    result: dict[str, int] = data.get("result") or {}
    seat = {p["name"]: i for i, p in enumerate(data.get("players", []))}
    order = sorted(result, key=lambda n: (-result[n], seat.get(n, 0)))
    places: list[dict[str, Any]] = []
    for position, name in enumerate(order, start=1):
        if places and places[-1]["score"] == result[name]:
            places[-1]["players"].append(name)
        else:
            places.append({"place": position, "players": [name], "score": result[name]})
    return places


class EndPanel(Panel):
    """The end of the game: why it ended and the final ranking (winner first, ties as
    ties); before that, once the bank has broken, what that means (10.1 in 1846).
    Hidden while neither applies."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """Whether the game ended, why, the ranking; the bank's state."""
        return (
            data.get("ended"),
            data.get("end_reason"),
            data.get("ranking"),
            data.get("result"),
            data.get("bank"),
        )

    def shown_for(self, data: dict[str, Any]) -> bool | None:
        """Only once the bank has broken or the game ended."""
        return bool(data.get("ended") or (data.get("bank") or {}).get("broken"))

    def build(self) -> Any:
        data = self.data or {}
        cur = self.currency
        bank = data.get("bank") or {}
        lines: list[Text] = []
        if data.get("ended"):
            self.border_title = "Game over"
            reason = data.get("end_reason") or "the game has ended"
            lines.append(Text.assemble(("Game over — ", "bold red"), (reason, "bold")))
            places = ranking_of(data)
            if places:
                top = places[0]["players"]
                if len(top) == 1:
                    lines.append(Text.assemble(("Winner: ", "dim"), (top[0], "bold green")))
                else:
                    names = ", ".join(top[:-1]) + " and " + top[-1]
                    lines.append(Text.assemble(("Winners, tied: ", "dim"), (names, "bold green")))
            for place in places:
                tied = len(place["players"]) > 1
                label = ordinal(place["place"]) + ("=" if tied else " ")
                row = Text(f"  {label:<5} ", style="bold")
                row.append(", ".join(place["players"]), style="bold" if place is places[0] else "")
                row.append(f"   {_money(cur, place['score'])}")
                if tied:
                    row.append("   (a tie: the same score)", style="dim")
                if place.get("bankrupt"):
                    row.append("   bankrupt: placed after every player still in", style="red")
                lines.append(row)
        elif bank.get("broken"):
            self.border_title = "The bank has broken"
            note = (
                bank.get("note")
                or bank.get("ends")
                or "the game ends after this set of operating rounds"
            )
            lines.append(
                Text.assemble(
                    ("Bank ", "dim"),
                    (_money(cur, bank.get("cash")), "bold"),
                    (" — ", "dim"),
                    (note, "yellow"),
                )
            )
        return Group(*lines)


class PanelColumn(VerticalScroll):
    """The main screen's column of panels (``#body``), which takes the focus for the
    board's single keys.

    Textual restyles a widget and every widget inside it when its focus changes; no rule
    of the app's styles picks a widget by the focus of a widget around it
    (``tests/ui/test_first_frame.py`` checks it), so only the column's own styles can
    change: restyling each panel too cost about 12 M instructions before the first frame
    (the focus given as the screen mounts, issue 41) and again at each move of the focus
    between the board and the command bar."""

    def watch_has_focus(self, _has_focus: bool) -> None:
        """Restyle the column alone (see the class docstring)."""
        self.app.stylesheet.update_nodes([self], animate=True)


def _discard_words(line: Text, data: dict[str, Any]) -> None:
    """A company over the train limit discards before any other line is taken: the
    header says so, and the keys of the one named to act are refused until then (eighth
    keys round)."""
    first = data.get("discard_first")
    if first:
        who = " and ".join(first["companies"])
        line.append(f"   {who} discards first", style="bold yellow")
        line.append(f" (over the train limit, {first['rule']}: l lists it)", style="dim")


def _crisis_words(line: Text, data: dict[str, Any], cur: str) -> None:
    """1817's cash crisis in the header (facts §12): the player in debt, his cash, and his
    line before any other: a sale at once (``s``), or ``bankrupt`` when the engine's record
    says his sales cannot clear it (thirteenth keys round: the header named the
    corporation operating, whose keys the engine refused)."""
    crisis = data.get("crisis")
    if not crisis:
        return
    who = crisis["player"]
    line.append(f"   {who} in a cash crisis ", style="bold yellow")
    line.append(_money(cur, crisis["cash"]), style="bold")
    if crisis.get("bankrupt"):
        line.append(f": bankrupt {who} (s lists it)", style="bold yellow")
    else:
        line.append(": s sells at once", style="bold yellow")


def _acquisition_words(line: Text, data: dict[str, Any]) -> None:
    """1817's acquisition round in the header: the open purchase (its buyer acts), else the
    corporation dealt with next and its president (the engine's ``acquisition`` record;
    facts §10)."""
    ar = data.get("acquisition") or {}
    turn = ar.get("turn")
    if turn:
        line.append("   open ", style="dim")
        line.append(str(turn["buyer"]), style=ACTING)
        line.append(f" buys {turn['target']} (loans, paybacks; done)", style="dim")
        return
    up = ar.get("up")
    if not up:
        return
    presidents = {c["id"]: c.get("president") for c in data.get("companies") or []}
    line.append("   up ", style="dim")
    line.append(f"{up} ({presidents.get(up) or '-'})", style=ACTING)


def _merger_words(line: Text, data: dict[str, Any]) -> None:
    """1817's merger round in the header: the corporation whose conversion or merger is
    open, else the corporations that may still convert or merge, with their presidents
    (the engine's ``merger`` record; facts §9)."""
    merger = data.get("merger") or {}
    turn = merger.get("turn")
    if turn:
        line.append("   open ", style="dim")
        line.append(str(turn["corp"]), style=ACTING)
        line.append(" (purchases, sales, loans; done)", style="dim")
        return
    left = list(merger.get("may") or [])  # the engine's: a 10-share one may not (R 7.1)
    if not left:
        return
    presidents = {c["id"]: c.get("president") for c in data.get("companies") or []}
    line.append("   may convert or merge ", style="dim")
    line.append(", ".join(f"{cid} ({presidents.get(cid) or '-'})" for cid in left))
