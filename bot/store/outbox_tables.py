"""The outbox, on either database: announcements waiting to be delivered, and what became of them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.codec import outbox_row as _row
from bot.store.dialect import Tables
from bot.store.rows import Delivery, OutboxRow, Outgoing

#: The lock that makes claiming announcements one process at a time (:meth:`bot.store.dialect.Tx.lock`).
CLAIM_LOCK = 0x6F7574626F78  # "outbox"

#: Claiming for ``$1`` (the owner) the oldest pending announcements it may send now (``$2``), until ``$3`` (the
#: lease) seconds later, at most ``$4``, a game's in order: a row is skipped while another owner holds a live
#: claim on any row of its game, or while a row of its game up to it is not due.  A row is due at its
#: ``next_try`` — for the process that failed it last, ``$5`` (the grace) seconds later while another process
#: is alive (beat within the lease), so a process that cannot reach Discord does not win every retry of it.
CLAIM_ANNOUNCEMENTS = """UPDATE outbox SET claimed_by = $1, claimed_until = $2::float8 + $3::float8
    WHERE id IN (SELECT o.id FROM outbox o WHERE o.state = 'pending' AND NOT EXISTS (
                     SELECT 1 FROM outbox p WHERE p.state = 'pending' AND p.game_id IS NOT DISTINCT FROM o.game_id
                     AND ((p.claimed_by <> $1 AND p.claimed_until >= $2::float8)
                          OR (p.id <= o.id AND p.next_try > $2::float8 - CASE
                                  WHEN p.failed_by = $1 AND EXISTS (SELECT 1 FROM processes w
                                      WHERE w.owner <> $1 AND w.beat >= $2::float8 - $3::float8)
                                  THEN $5::float8 ELSE 0 END)))
                 ORDER BY o.id LIMIT $4)
    RETURNING *"""


class OutboxTables(Tables):
    """Announcements written with the change that caused them; marked once delivered."""

    async def pending_announcements(self, limit: int) -> list[OutboxRow]:
        """The oldest undelivered announcements, in order (some may wait for a retry: ``next_try``)."""
        rows = await self._fetch("SELECT * FROM outbox WHERE state = 'pending' ORDER BY id LIMIT $1", limit)
        return [_row(r) for r in rows]

    async def claim_announcements(self, owner: str, limit: int, lease: float, grace: float = 0.0
                                  ) -> list[OutboxRow]:
        """Claim for ``owner``, until ``lease`` seconds from now, the oldest announcements it may send now, in
        order (:data:`CLAIM_ANNOUNCEMENTS`: a game another owner holds is skipped, and so is a game's tail
        behind a row not due; a row ``owner`` failed last is due ``grace`` seconds late while another process
        lives).  What a process that died or lost Discord held is free once its lease ends.  Claims are taken
        one process at a time (:data:`CLAIM_LOCK`): each sees the others' claims, so none takes a game
        another holds."""
        async with self._tx() as tx:
            await tx.lock(CLAIM_LOCK)
            rows = await tx.fetch(CLAIM_ANNOUNCEMENTS, owner, self.clock(), lease, limit, grace)
        return sorted((_row(r) for r in rows), key=lambda r: r.id)

    async def claim_keys(self, owner: str, keys: Sequence[str], lease: float, *, in_order: bool = True) -> set[str]:
        """Claim just-committed announcements for ``owner`` to deliver at once: those still pending that
        nobody else holds, with (``in_order``) no older undelivered announcement of their game before them."""
        if not keys:
            return set()
        now = self.clock()
        async with self._tx() as tx:
            await tx.lock(CLAIM_LOCK)
            rows = await tx.fetch(
                """UPDATE outbox SET claimed_by = $1, claimed_until = $2::float8 + $3::float8
                   WHERE key = ANY($4::text[]) AND state = 'pending'
                   AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until < $2::float8)
                   AND (NOT $5::boolean OR NOT EXISTS (SELECT 1 FROM outbox p WHERE p.state = 'pending'
                                   AND p.game_id IS NOT DISTINCT FROM outbox.game_id
                                   AND p.id < outbox.id AND NOT p.key = ANY($4::text[])))
                   RETURNING key""", owner, now, lease, list(keys), in_order)
        return {r["key"] for r in rows}

    async def mark_sent(self, key: str, message_id: int | None) -> None:
        # The picture is only needed to draw the message: once sent, the row keeps what was said.
        await self._write("""UPDATE outbox SET state = 'sent', message_id = $1, sent_at = $2, picture = NULL
                             WHERE key = $3""", message_id, self.clock(), key)

    async def retry_later(self, key: str, owner: str, now: float, delay: float, cap: float, note: str
                          ) -> tuple[int, float]:
        """One more failed attempt, by ``owner``: the next one after ``delay`` doubled per attempt so far (at
        most ``cap``).  Until then nobody holds the row, nor its game's later ones (``owner`` lets go of them:
        they wait behind it, and whoever sends it sends them).  Returns the attempts made and when the next is due."""
        async with self._tx() as tx:
            await tx.execute("""UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
                                WHERE claimed_by = $1 AND state = 'pending' AND game_id IS NOT DISTINCT FROM
                                    (SELECT game_id FROM outbox WHERE key = $2)""", owner, key)
            row = await tx.fetchrow(
                """UPDATE outbox SET attempts = attempts + 1,
                                     next_try = $1::float8
                                         + LEAST($3::float8, $2::float8 * (1::bigint << LEAST(attempts, 30))),
                                     note = $4, failed_by = $6
                   WHERE key = $5 RETURNING attempts, next_try""", now, delay, cap, note, key, owner)
        return (int(row["attempts"]), float(row["next_try"])) if row is not None else (0, now)

    async def mark_undelivered(self, key: str, state: Delivery, note: str) -> None:
        await self._write("""UPDATE outbox SET state = $1, attempts = attempts + 1, note = $2, picture = NULL
                             WHERE key = $3""", state.value, note, key)

    async def mark_dms_closed(self, key: str, notice: Outgoing | None) -> bool:
        """The DM ``key`` cannot be delivered: its user does not accept DMs.  When it is the first such
        DM in its game for that user, ``notice`` (a post telling the channel) is queued in the same
        transaction and True returned; after that the channel is not told again."""
        async with self._tx() as tx:
            found = await tx.fetchrow("SELECT game_id, user_id FROM outbox WHERE key = $1 FOR UPDATE", key)
            if found is None:
                return False
            # Per (game, user): two processes marking two such DMs at once tell the channel once.
            await tx.lock(f"dms_closed:{found['game_id']}:{found['user_id']}")
            first = await tx.fetchrow(
                """SELECT 1 FROM outbox WHERE game_id IS NOT DISTINCT FROM $1 AND user_id = $2 AND kind = 'dm'
                   AND state = 'dms_closed' LIMIT 1""", found["game_id"], found["user_id"]) is None
            await tx.execute("""UPDATE outbox SET state = 'dms_closed', attempts = attempts + 1, picture = NULL,
                                note = 'the user does not accept direct messages' WHERE key = $1""", key)
            if first and notice is not None:
                await self._announce(tx, [notice], found["game_id"])
            return first

    async def announced_since(self, role: str, since: float) -> set[int]:
        """The games that got an announcement of ``role`` since ``since``."""
        rows = await self._fetch("SELECT DISTINCT game_id FROM outbox WHERE role = $1 AND created_at >= $2",
                                 role, since)
        return {r["game_id"] for r in rows}

    async def message_of(self, game_id: int, role: str) -> tuple[int, int] | None:
        """(channel, message) of the game's latest delivered message of ``role`` ("lobby", "turn")."""
        rows = await self._fetch(
            """SELECT channel_id, message_id FROM outbox
               WHERE game_id = $1 AND role = $2 AND state = 'sent' AND message_id IS NOT NULL
               ORDER BY id DESC LIMIT 1""", game_id, role)
        return (rows[0]["channel_id"], rows[0]["message_id"]) if rows else None
