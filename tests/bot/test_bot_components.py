"""The Discord components' shape (#26): each component whose click is one service call names that call in its own
``call`` method (no parent switching on a verb string), and their custom ids — which messages already sent carry —
are as they were."""

from __future__ import annotations

import discord

from bot.discord import components as c
from bot.discord.components import KNOWN, OneCall


def test_each_one_call_component_says_its_own_service_call() -> None:
    calling = [k for k in KNOWN if issubclass(k, OneCall)]
    assert len(calling) >= 13
    assert [k.__name__ for k in calling if "call" not in vars(k)] == []
    assert [k.__name__ for k in KNOWN if hasattr(k, "verb")] == []


def test_the_custom_ids_are_as_messages_already_sent_carry_them() -> None:
    plain = (c.JoinButton, c.LeaveButton, c.StartButton, c.CancelButton, c.AddBotButton, c.HandButton,
             c.BoardsButton, c.RematchButton, c.VoteEndButton, c.VoteReplaceButton)
    assert [button(12).custom_id for button in plain] == [
        "bg:join:12", "bg:leave:12", "bg:start:12", "bg:cancel:12", "bg:bot:12", "bg:hand:12", "bg:boards:12",
        "bg:rematch:12", "bg:voteend:12", "bg:votesub:12"]
    assert c.ResignButton(12, "Resign", discord.ButtonStyle.danger).custom_id == "bg:resign:12"
    assert c.AbandonButton(12, "Abandon", discord.ButtonStyle.danger).custom_id == "bg:abandon:12"
    assert c.PlayButton(12).custom_id == "bg:play:12" and c.PlayButton(12, 34).custom_id == "bg:play:12:34"
    assert c.ChoiceButton(12, 34, 5).custom_id == "bg:do:12:34:5"
    assert c.MemberSelect(12).custom_id == "bg:who:12"


def test_only_the_lobby_answers_a_click_by_its_own_change() -> None:
    quiet = {k.__name__ for k in KNOWN if issubclass(k, OneCall) and not k.private}
    assert quiet == {"JoinButton", "LeaveButton", "StartButton", "CancelButton", "AddBotButton"}
