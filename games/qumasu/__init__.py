"""キューマス (Qumasu): a two-player card battle on a 3x3 battlefield with arrows and castles."""
