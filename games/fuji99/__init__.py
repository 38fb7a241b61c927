"""Fuji 99 (富士山地下99階): a push-your-luck race down to the 99th basement floor."""
