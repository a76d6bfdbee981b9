"""The SQLite store's outbox: announcements waiting to be delivered, and what became of them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.codec import CLAIM_ANNOUNCEMENTS
from bot.store.codec import outbox_row as _row
from bot.store.rows import Delivery, OutboxRow, Outgoing
from bot.store.sqlite_base import SqliteBase

_CLAIM = CLAIM_ANNOUNCEMENTS.format(owner="?1", now="?2", lease="?3", limit="?4", grace="?5", same="IS")


class OutboxTables(SqliteBase):
    """Announcements written with the change that caused them; marked once delivered."""

    async def pending_announcements(self, limit: int) -> list[OutboxRow]:
        """The oldest undelivered announcements, in order (some may wait for a retry: ``next_try``)."""
        rows = await self._fetch("SELECT * FROM outbox WHERE state = 'pending' ORDER BY id LIMIT ?", limit)
        return [_row(r) for r in rows]

    async def claim_announcements(self, owner: str, limit: int, lease: float, grace: float = 0.0
                                  ) -> list[OutboxRow]:
        """Claim for ``owner``, until ``lease`` seconds from now, the oldest announcements it may send now, in
        order (:data:`bot.store.codec.CLAIM_ANNOUNCEMENTS`: a game another owner holds is skipped, and so is
        a game's tail behind a row not due; a row ``owner`` failed last is due ``grace`` seconds late while
        another process lives).  What a process that died or lost Discord held is free once its lease ends."""
        async with self._tx() as db:
            cursor = await db.execute(_CLAIM, (owner, self.clock(), lease, limit, grace))
            rows = await cursor.fetchall()
        return sorted((_row(r) for r in rows), key=lambda r: r.id)

    async def claim_keys(self, owner: str, keys: Sequence[str], lease: float, *, in_order: bool = True) -> set[str]:
        """Claim just-committed announcements for ``owner`` to deliver at once: those still pending that
        nobody else holds, with (``in_order``) no older undelivered announcement of their game before them."""
        if not keys:
            return set()
        marks = ",".join("?" * len(keys))
        now = self.clock()
        async with self._tx() as db:
            cursor = await db.execute(
                f"""UPDATE outbox SET claimed_by = ?, claimed_until = ?
                    WHERE key IN ({marks}) AND state = 'pending'
                    AND (claimed_by IS NULL OR claimed_by = ? OR claimed_until < ?)
                    AND (NOT ? OR NOT EXISTS (SELECT 1 FROM outbox p WHERE p.state = 'pending'
                                              AND p.game_id IS outbox.game_id AND p.id < outbox.id
                                              AND p.key NOT IN ({marks})))
                    RETURNING key""", (owner, now + lease, *keys, owner, now, in_order, *keys))
            rows = await cursor.fetchall()
        return {r[0] for r in rows}

    async def mark_sent(self, key: str, message_id: int | None) -> None:
        # The picture is only needed to draw the message: once sent, the row keeps what was said.
        await self._write("UPDATE outbox SET state = 'sent', message_id = ?, sent_at = ?, picture = NULL WHERE key = ?",
                          message_id, self.clock(), key)

    async def retry_later(self, key: str, owner: str, now: float, delay: float, cap: float, note: str
                          ) -> tuple[int, float]:
        """One more failed attempt, by ``owner``: the next one after ``delay`` doubled per attempt so far (at
        most ``cap``).  Until then nobody holds the row, nor its game's later ones (``owner`` lets go of them:
        they wait behind it, and whoever sends it sends them).  Returns the attempts made and when the next is due."""
        async with self._tx() as db:
            await db.execute("""UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
                                WHERE claimed_by = ?1 AND state = 'pending'
                                AND game_id IS (SELECT game_id FROM outbox WHERE key = ?2)""", (owner, key))
            cursor = await db.execute(
                """UPDATE outbox SET attempts = attempts + 1, next_try = ?1 + MIN(?3, ?2 * (1 << MIN(attempts, 30))),
                                     note = ?4, failed_by = ?6
                   WHERE key = ?5 RETURNING attempts, next_try""", (now, delay, cap, note, key, owner))
            row = await cursor.fetchone()
        return (int(row[0]), float(row[1])) if row is not None else (0, now)

    async def mark_undelivered(self, key: str, state: Delivery, note: str) -> None:
        await self._write("""UPDATE outbox SET state = ?, attempts = attempts + 1, note = ?, picture = NULL
                              WHERE key = ?""", state.value, note, key)

    async def mark_dms_closed(self, key: str, notice: Outgoing | None) -> bool:
        """The DM ``key`` cannot be delivered: its user does not accept DMs.  When it is the first such
        DM in its game for that user, ``notice`` (a post telling the channel) is queued in the same
        transaction and True returned; after that the channel is not told again."""
        async with self._tx() as db:
            cursor = await db.execute("SELECT game_id, user_id FROM outbox WHERE key = ?", (key,))
            found = await cursor.fetchone()
            if found is None:
                return False
            cursor = await db.execute(
                """SELECT 1 FROM outbox WHERE game_id IS ? AND user_id = ? AND kind = 'dm' AND state = 'dms_closed'
                   LIMIT 1""", (found["game_id"], found["user_id"]))
            first = await cursor.fetchone() is None
            await db.execute("""UPDATE outbox SET state = 'dms_closed', attempts = attempts + 1, picture = NULL,
                                note = 'the user does not accept direct messages' WHERE key = ?""", (key,))
            if first and notice is not None:
                await self._announce(db, [notice], found["game_id"])
            return first

    async def announced_since(self, role: str, since: float) -> set[int]:
        """The games that got an announcement of ``role`` since ``since``."""
        rows = await self._fetch("SELECT DISTINCT game_id FROM outbox WHERE role = ? AND created_at >= ?", role, since)
        return {r["game_id"] for r in rows}

    async def message_of(self, game_id: int, role: str) -> tuple[int, int] | None:
        """(channel, message) of the game's latest delivered message of ``role`` ("lobby", "turn")."""
        rows = await self._fetch(
            """SELECT channel_id, message_id FROM outbox
               WHERE game_id = ? AND role = ? AND state = 'sent' AND message_id IS NOT NULL
               ORDER BY id DESC LIMIT 1""", game_id, role)
        return (rows[0]["channel_id"], rows[0]["message_id"]) if rows else None
