"""The computer's reviews of finished games (``/review``), on either database: one row per game, its findings as
JSON, written once — a review is fixed by the game's log and the analysis's seeds, so whoever writes first wrote
what anyone else would have.

While a review is computed its row is a **claim**: no body yet (``''``), the process computing it
(``claimed_by``) and until when the claim holds (``claimed_until``), renewed by that process's heartbeat while it
works — as the outbox's claims are.  Another process asking meanwhile waits for the body instead of computing it
too; a claim whose process died runs out, and the next one asking takes it over.  (Its schema: steps 14 and 15
of :data:`bot.store.schema.STEPS`.)"""

from __future__ import annotations

from bot.store.dialect import Tables


class ReviewTables(Tables):
    """A finished game's review, kept so a second request (even after a restart) costs one read; claimed while it
    is computed, so no two processes compute it at once."""

    async def get_review(self, game_id: int) -> str | None:
        rows = await self._fetch("SELECT body FROM reviews WHERE game_id = $1 AND body <> ''", game_id)
        return str(rows[0]["body"]) if rows else None

    async def put_review(self, game_id: int, body: str) -> None:
        """Keep ``body`` unless the game has one already (the first one written stays); a claim on it ends."""
        await self._write("""INSERT INTO reviews (game_id, body, created_at) VALUES ($1, $2, $3::float8)
                             ON CONFLICT (game_id) DO UPDATE SET body = excluded.body, created_at = excluded.created_at,
                                 claimed_by = NULL, claimed_until = NULL
                             WHERE reviews.body = ''""", game_id, body, self.clock())

    async def claim_review(self, game_id: int, owner: str, lease: float) -> bool:
        """Claim the game's review for ``owner`` to compute, for ``lease`` seconds: True unless it is written
        already or another owner's claim still holds (one that ran out is taken over).  One statement: two
        processes claiming at once, one gets it (PostgreSQL re-checks the condition on the row the other wrote)."""
        now = self.clock()
        async with self._tx() as tx:
            rows = await tx.fetch(
                """INSERT INTO reviews (game_id, body, created_at, claimed_by, claimed_until)
                   VALUES ($1, '', $2::float8, $3, $2::float8 + $4::float8)
                   ON CONFLICT (game_id) DO UPDATE SET claimed_by = excluded.claimed_by,
                       claimed_until = excluded.claimed_until
                   WHERE reviews.body = '' AND (reviews.claimed_by IS NULL OR reviews.claimed_by = excluded.claimed_by
                                                OR reviews.claimed_until < $2::float8)
                   RETURNING game_id""", game_id, now, owner, lease)
        return bool(rows)

    async def renew_review(self, game_id: int, owner: str, lease: float) -> bool:
        """``owner`` is still computing the review: its claim holds ``lease`` seconds from now.  False when it no
        longer holds it (it ran out and another process took it over, or the review is written)."""
        return await self._write("""UPDATE reviews SET claimed_until = $1::float8 + $2::float8
                                    WHERE game_id = $3 AND claimed_by = $4 AND body = ''""",
                                 self.clock(), lease, game_id, owner) == 1

    async def release_review(self, game_id: int, owner: str) -> None:
        """``owner`` gave up computing the review (it failed): the next one asking may claim it at once."""
        await self._write("DELETE FROM reviews WHERE game_id = $1 AND claimed_by = $2 AND body = ''", game_id, owner)
