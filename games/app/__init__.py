"""The application: scenes (title, setup, play, results, overlays), settings, saves, CLI."""
