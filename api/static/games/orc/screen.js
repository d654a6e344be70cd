// Orc Poker's screens for the shell (the contract is in ../../games.js): the table with the
// player's row, hand and moves, each round's result, the end, and the record.

import { foldRounds } from "./history.js";
import { TEXT, moveText } from "./i18n.js";
import { endScreen } from "./ui/end.js";
import { layable, playerArea } from "./ui/play.js";
import { recordPanel as roundsPanel } from "./ui/record.js";
import { roundResult } from "./ui/result.js";
import { centre, opponents, seatName } from "./ui/table.js";
import { h } from "../../ui/dom.js";

export const texts = TEXT;

export const stylesheet = new URL("style.css", import.meta.url).href;

// Up to four players fit a phone held upright; the desktop seats all eight.
export const narrowSeats = 4;

export const foldRecord = foldRounds;

// The card the player has tapped to lay face down, whether the ticker is quiet (onEvent), and
// the round whose result is on screen.
export function initial() {
  return { picked: null, quiet: false, result: null };
}

// saved: { seenRound }, the last round whose result the player moved on from.
export function render(match, host) {
  const { view, record, me, saved, local } = match;
  const ended = record.rounds.filter((round) => round.ended);
  if (view.status === "finished") {
    const last = ended.at(-1);
    return root(
      endScreen(view, { me, act: { playAgain: host.playAgain, top: host.top } }),
      last && roundResult(last, { seats: view.seats, me, act: {} }),
    );
  }
  const unseen = ended.find((round) => round.round > (saved.seenRound ?? 0));
  if (unseen) {
    showingResult(local, host, unseen.round);
    const next = () => {
      host.save({ seenRound: unseen.round });
      host.redraw();
    };
    return root(roundResult(unseen, { seats: view.seats, me, act: { next } }));
  }
  const sealing = Boolean(view.sealing) && (view.awaiting.includes(me) || view.seats[me].chosen);
  if (!sealing || !layable(view, me).includes(local.picked)) local.picked = null;
  const context = { sealing, picked: local.picked, busy: match.busy, act: moves(match, host) };
  return root(centre(view, record, me), opponents(view, me), playerArea(view, me, context));
}

// A round's result tells the round: the ticker's last lines of it go rather than lie over the
// result for their few seconds.
function showingResult(local, host, round) {
  if (local.result !== round) {
    local.result = round;
    host.hush();
  }
}

// This game's screens hang under one .orc element, which scopes its stylesheet.
function root(...children) {
  return h("div", { class: "orc" }, children);
}

// The player's moves (K36), sent as the actions endpoint takes them.
function moves({ local, view }, host) {
  return {
    pick(number) {
      local.picked = local.picked === number ? null : number;
      host.redraw();
    },
    // The pick is spent before the move goes out: the shell redraws with the view after it.
    lay: () => {
      const number = local.picked;
      local.picked = null;
      if (number !== null) host.move({ kind: view.phase, number });
    },
    draw: () => host.move({ kind: "draw" }),
    giveUp: () => host.move({ kind: "give_up" }),
  };
}

export function recordPanel({ record, me, view }) {
  return h("div", { class: "orc record" }, roundsPanel(record, { view, me }));
}

// The other seats' moves as they come in, one line each in the ticker: a safe draw (K19), and
// a bust or a give-up with what it paid (K20, K21, K8).
const TICKER = {
  CardDrawn: (data) => (data.busted ? null : { kind: "draw", number: data.number }),
  ChipsPaid: (data) =>
    data.reason === "fee" ? null : { kind: data.reason, number: data.due, paid: data.paid, shortfall: data.shortfall },
};

// Once the player is out of the round the computer seats play it out at once, and the round's
// result tells it: the ticker stays quiet until the next round rather than stack a burst of
// lines over that screen. The stream's order says when, before the view catches up.
export function onEvent(event, host) {
  const { view, me, local } = host.current();
  const seat = event.data?.seat;
  if (event.type === "PlayerOut" && seat === me) local.quiet = true;
  if (event.type === "RoundStarted") local.quiet = false;
  const move = TICKER[event.type]?.(event.data);
  if (!move || seat === me || !view || local.quiet) return;
  host.say(`${seatName(view.seats[seat], me)}: ${moveText(move)}`);
}
