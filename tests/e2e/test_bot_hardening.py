"""Component ids are trusted no further than their channel: forged, foreign, oversized or garbled ids
change nothing and get the usual stale-button answer."""

from __future__ import annotations

from bot.store import Status
from bot.store.sqlite import SqliteStore
from bot.table import TableService
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.models import FakeChannel, FakeMessage, FakeUser
from tests.e2e.helpers import bot_running, open_table, to_act


def planted(fake: FakeDiscord, channel: FakeChannel, *custom_ids: str) -> FakeMessage:
    """A message of the bot's in ``channel`` carrying buttons with made-up ids (as a forger would)."""
    buttons = [{"type": 2, "style": 2, "label": cid[:80], "custom_id": cid} for cid in custom_ids]
    rows = [{"type": 1, "components": buttons[i:i + 5]} for i in range(0, len(buttons), 5)]
    return fake.world.create_message(channel, {"content": "planted", "components": rows}, [])


async def test_forged_ids_change_nothing(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, mallory = fake.add_member("Ann"), fake.add_member("Mallory")
    elsewhere = fake.add_channel("elsewhere")
    other_guild = fake.add_guild("Other server")
    foreign = fake.add_channel("foreign", guild=other_guild)
    async with bot_running(fake, TableService(store), scheduler_interval=None) as bot:
        thread, _ = await open_table(fake, [ann], players=2)
        game = (await bot.service.snapshot(thread.id)).game.id
        answers: list[FakeMessage] = []

        async def press(user: FakeUser, message: FakeMessage, button: str) -> None:
            """The private answer to a press: the reply, or the followup of a deferred lobby press."""
            interaction = await fake.click(user, message, button)
            if (await interaction.callback()).type == 6:
                answers.append((await interaction.followups())[-1])
            else:
                answers.append(await interaction.original())

        forged = planted(fake, elsewhere, f"bg:join:{game}", f"bg:do:{game}:-1:0", f"bg:do:{game}:x:0",
                         "bg:join:" + "9" * 30, "bg:play:1e3", "bg:nonsense")
        for button in forged.custom_ids:
            await press(mallory, forged, button)
        owner_click = planted(fake, foreign, f"bg:abandon:{game}", f"bg:cancel:{game}")
        for button in owner_click.custom_ids:  # a manager of another server
            await press(fake.world.owner, owner_click, button)
        await fake.idle()
        assert all(a.ephemeral for a in answers), [(a.ephemeral, a.readable) for a in answers]
        assert f"no game #{game} in this channel" in answers[0].readable
        assert all("moved on" in a.readable for a in answers[1:6]), [a.readable for a in answers]

        assert all(f"no game #{game} in this channel" in a.readable for a in answers[6:]), [a.readable for a in answers]
        snap = await bot.service.snapshot(thread.id)
        assert snap.game.status is Status.LOBBY and snap.names == ("Ann",)  # nobody seated, nothing ended
        assert fake.dms(mallory) == [] and not fake.errors


async def test_an_unknown_menu_group_sends_no_empty_menu(fake_discord: FakeDiscord, store: SqliteStore) -> None:
    fake = fake_discord
    ann, bo = fake.add_member("Ann"), fake.add_member("Bo")
    async with bot_running(fake, TableService(store), scheduler_interval=None) as bot:
        thread, _ = await open_table(fake, [ann, bo])
        snap = await bot.service.snapshot(thread.id)
        player = await to_act(bot, thread, [ann, bo])
        menu = fake.world.create_message(thread, {"content": "menu", "components": [{"type": 1, "components": [
            {"type": 3, "custom_id": f"bg:pick:{snap.game.id}:{snap.move_number}", "options": [
                {"label": "a group that is not there", "value": "gno-such-group"}]}]}]}, [])
        picked = await fake.select(player, menu, f"bg:pick:{snap.game.id}:{snap.move_number}", ["gno-such-group"])
        await picked.callback()
        await fake.idle()
        (edit,) = [c.json for c in fake.calls if c.method == "PATCH" and "webhooks" in c.route]
        assert "moved on" in edit["content"] and not edit.get("components")  # no menu, let alone an empty one
        assert (await bot.service.snapshot(thread.id)).move_number == snap.move_number
