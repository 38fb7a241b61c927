"""尊みバースト (Toutomi): rules, data, bots."""
