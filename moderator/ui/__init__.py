"""The Textual front end of moderator: ``app.py`` (the App and :func:`run_app`),
``screens/`` (main screen, dialogs, history, help, start) and ``widgets/``.

Nothing here computes rules: widgets render the state JSON of the core and send
banker-script commands; legality comes from ``Game.try_command`` and
``Game.legal_commands``, money from ``Game.state_json`` and receipts from
``Game.receipt``.
"""
