"""尊みバースト (Toutomi Burst): play cards onto a shared total; whoever pushes it past 7 bursts."""
