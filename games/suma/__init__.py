"""スーマの森 (Suma no Mori): place items in the forest, summon number spirits, fill your bingo card."""
