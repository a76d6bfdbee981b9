"""The computer's reviews of finished games (``/review``), on either database: one row per game, its findings as
JSON, written once — a review is fixed by the game's log and the analysis's seeds, so whoever writes first wrote
what anyone else would have.  The table's schema step lives here too (:data:`bot.store.schema.STEPS` appends it)."""

from __future__ import annotations

from bot.store.dialect import Tables

#: The schema step (in PostgreSQL's syntax, which SQLite reads with its types): the reviews, dropped with their game.
MIGRATION: tuple[str, ...] = (
    """CREATE TABLE reviews (
        game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        body TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL
    )""",
)


class ReviewTables(Tables):
    """A finished game's review, kept so a second request (even after a restart) costs one read."""

    async def get_review(self, game_id: int) -> str | None:
        rows = await self._fetch("SELECT body FROM reviews WHERE game_id = $1", game_id)
        return str(rows[0]["body"]) if rows else None

    async def put_review(self, game_id: int, body: str) -> None:
        """Keep ``body`` unless the game has one already (the first one written stays)."""
        await self._write("""INSERT INTO reviews (game_id, body, created_at) VALUES ($1, $2, $3::float8)
                             ON CONFLICT (game_id) DO NOTHING""", game_id, body, self.clock())
