"""Widgets of the moderator app: the state panels and the command bar."""
