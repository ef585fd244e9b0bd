"""The opening sale of the private companies (1830 7.0-7.3), drawn from the state JSON.

The panel shows ``sale`` while privates are for sale: the private on offer and its
price, every private not yet sold with its face value, income, the least bid the rules
take and its standing bids, the auction under way, and each player's cash with what his
bids set aside and what is left free.  No figure is worked out here: each is the engine's.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from moderator.ui.style import ACTING, CHANGED
from moderator.ui.widgets.panels import Panel, _money, company_text


class SalePanel(Panel):
    """The private companies for sale (7.0-7.3), shown only while the sale lasts."""

    def view(self, data: dict[str, Any], changed: set[str]) -> Any:
        """The sale, each player's cash; highlights of the players."""
        sale = data.get("sale")
        cash = {p["name"]: p["cash"] for p in data.get("players", [])}
        return sale, cash, changed & set(cash)

    def shown_for(self, data: dict[str, Any]) -> bool | None:
        """Only while privates are for sale."""
        return data.get("sale") is not None

    def build(self) -> Any:
        data = self.data or {}
        sale = data.get("sale")
        if not sale:
            return Text("")
        cur = self.currency
        lines: list[Text] = [self.headline(sale, cur)]
        for entry in sale["unsold"]:
            lines.append(self.private_line(entry, sale, cur))
        lines.append(self.players_line(data, sale, cur))
        self.border_subtitle = "a bid · b buy · x pass"
        return Group(*lines)

    def headline(self, sale: dict[str, Any], cur: str) -> Text:
        """The private on offer and its price, or the auction under way, and who acts."""
        turn = sale.get("turn")
        line = Text()
        if sale.get("contest"):
            pid = sale["contest"]
            line.append("Auction for ", style="bold")
            line.append_text(company_text(pid))
            rules = sale.get("rules") or {}
            step = _money(cur, sale.get("step", 5))
            bid = rules.get("bid", "7.2")
            line.append(f": its bidders raise by {step} or drop out ({bid})", style="bold")
        elif sale.get("offer"):
            offer = sale["offer"]
            line.append("On offer: ", style="bold")
            line.append_text(company_text(offer["private"]))
            line.append(f" for {_money(cur, offer['price'])}", style="bold")
            if sale.get("discount"):
                unsold = (sale.get("rules") or {}).get("unsold", "7.3")
                line.append(f" ({_money(cur, sale['discount'])} off, {unsold})", style="yellow")
        if turn:
            line.append("   ▶ ", style=ACTING)
            line.append(str(turn), style="bold")
            line.append(" to act", style="dim")
        return line

    def private_line(self, entry: dict[str, Any], sale: dict[str, Any], cur: str) -> Text:
        """One private not yet sold: face value, income, least bid, its bids (highest
        last, the leader bold)."""
        pid = entry["private"]
        on_offer = (sale.get("offer") or {}).get("private") == pid
        line = Text("▸ " if on_offer else "  ", style=ACTING)
        line.append_text(company_text(pid))
        line.append(" " * max(1, 5 - len(pid)))
        line.append(f"{entry['name'][:24]:<24}", style="dim")
        line.append(f" face {_money(cur, entry['face']):>5}")
        line.append(f"  income {_money(cur, entry['income']):>4}", style="dim")
        bids = entry.get("bids") or []
        if on_offer and not bids:
            line.append("  on offer", style="dim")
            return line
        line.append(f"  least bid {_money(cur, entry['least_bid'])}", style="dim")
        if bids:
            top = max(b["amount"] for b in bids)
            line.append("  bids:")
            for bid in bids:
                style = "bold" if bid["amount"] == top else ""
                line.append(f" {bid['player']} {_money(cur, bid['amount'])}", style=style)
        return line

    def players_line(self, data: dict[str, Any], sale: dict[str, Any], cur: str) -> Text:
        """Each player's cash, what his bids set aside and what is free (7.2)."""
        line = Text("Bids set aside: ", style="dim")
        for n, player in enumerate(data.get("players", [])):
            name = player["name"]
            aside = sale["set_aside"].get(name, 0)
            part = Text(("  " if n else "") + name, style="bold")
            if name in self.changed:
                part.stylize(CHANGED)
            line.append_text(part)
            line.append(f" {_money(cur, aside)}" if aside else " –", style="" if aside else "dim")
            line.append(f" ({_money(cur, sale['free'][name])} free)", style="dim")
        return line
