"""BRUJAS DEL SABADO: a two-way trick-taking game whose colour ranking moves every trick."""
