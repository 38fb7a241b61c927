"""The Suma no Mori table (pygame): controller, view, layout, art and panels."""
