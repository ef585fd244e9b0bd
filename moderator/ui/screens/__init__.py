"""Screens of the moderator app: start, main, dialogs, history and help."""
