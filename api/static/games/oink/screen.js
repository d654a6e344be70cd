// Oink Poker's screens for the shell (the contract is in ../../games.js): the table with the
// player's hand and moves, each deal's result, the end, and the record.

import { foldDeals } from "./history.js";
import { TEXT, moveText } from "./i18n.js";
import { endScreen } from "./ui/end.js";
import { playerArea } from "./ui/play.js";
import { recordPanel as dealsPanel } from "./ui/record.js";
import { dealResult } from "./ui/showdown.js";
import { centre, opponentPanel, seatName } from "./ui/table.js";
import { h } from "../../ui/dom.js";

export const texts = TEXT;

export const stylesheet = new URL("style.css", import.meta.url).href;

export const foldRecord = foldDeals;

// The cards the player has tapped for a change: this page's only state.
export function initial() {
  return { selected: new Set() };
}

// saved: { seenDeal }, the last deal whose result the player moved on from.
export function render(match, host) {
  const { view, record, me, saved } = match;
  const deals = record.deals.filter((deal) => deal.ended && deal.decided);
  if (view.status === "finished") {
    const last = deals.at(-1);
    return root(
      endScreen(view, { me, act: { playAgain: host.playAgain, top: host.top } }),
      last && dealResult(last, { seats: view.seats, me, act: {} }),
    );
  }
  const unseen = deals.find((deal) => deal.deal > (saved.seenDeal ?? 0));
  if (unseen) {
    const next = () => {
      host.save({ seenDeal: unseen.deal });
      host.redraw();
    };
    return root(dealResult(unseen, { seats: view.seats, me, act: { next } }));
  }
  const { selected } = match.local;
  const hand = view.seats[me].hand ?? [];
  for (const card of selected) if (!hand.includes(card)) selected.delete(card);
  const mine = view.to_act === me;
  const context = {
    selected,
    busy: match.busy,
    canChange: mine && (view.phase === "action" || view.phase === "answer"),
    act: moves(match, host),
  };
  return root(opponentPanel(view, me), centre(view), playerArea(view, me, context));
}

// This game's screens hang under one .oink element, which scopes its stylesheet.
function root(...children) {
  return h("div", { class: "oink" }, children);
}

// The player's moves (O16-O22), sent as the actions endpoint takes them.
function moves({ local }, host) {
  const send = async (action) => {
    if (await host.move(action)) local.selected.clear();
  };
  const chosen = () => [...local.selected];
  return {
    toggle(card) {
      if (!local.selected.delete(card)) local.selected.add(card);
      host.redraw();
    },
    change: () => send({ kind: "change", cards: chosen() }),
    roll: () => send({ kind: "roll" }),
    knock: () => send({ kind: "knock" }),
    pass: () => send({ kind: "pass" }),
    oink: () => send({ kind: "oink" }),
    accept: (prep) => send(prep === "change" ? { kind: "accept", prep, cards: chosen() } : { kind: "accept", prep }),
  };
}

export function recordPanel({ record, me, view }) {
  return h("div", { class: "oink record" }, dealsPanel(record, { me, seats: view.seats }));
}

// The opponent's moves as they come in, one line each in the ticker.
const TICKER = {
  Knocked: () => ({ kind: "knock" }),
  Passed: () => ({ kind: "pass" }),
  Oinked: () => ({ kind: "oink" }),
  Accepted: (data) => ({ kind: "accept", prep: data.prep }),
  CardsChanged: (data) => ({ kind: "change", cards: data.discarded }),
  DieRolled: (data) => (data.reason === "start" ? null : { kind: "roll", face: data.face, joker: data.joker }),
};

export function onEvent(event, host) {
  const { view, me } = host.current();
  const seat = event.data?.seat;
  const move = TICKER[event.type]?.(event.data);
  if (!move || seat === me || !view) return;
  host.say(`${seatName(view.seats[seat], me)}: ${moveText(move)}`);
}
