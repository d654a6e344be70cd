// Juggernaut's screens for the shell (the contract is in ../../games.js): the table with the
// person's hand and coins, each phase's moves with their prices, each set's results step by
// step, the end, and the record (docs/rules/juggernaut.md J43).

import { TEXT, seatName, t } from "./i18n.js";
import { foldSets, setsPanel } from "./record.js";
import { endScreen } from "./ui/end.js";
import { playerArea } from "./ui/play.js";
import { resultsPanel } from "./ui/results.js";
import { opponents, status } from "./ui/table.js";
import { h } from "../../ui/dom.js";

export const texts = TEXT;

export const stylesheet = new URL("style.css", import.meta.url).href;

export const narrowSeats = 4;

export const foldRecord = foldSets;

// The cards picked for an exchange, by their place in the hand (a hand may hold two copies
// of a card), and the view they were picked on: a new view (the hand changed) drops them.
export function initial() {
  return { picked: [], pickedAt: null };
}

// saved: { seenSet }, the last set whose results the person moved on from.
export function render(match, host) {
  const { view, me, saved, local } = match;
  if (local.pickedAt !== view.version) Object.assign(local, { picked: [], pickedAt: view.version });
  const act = moves(match, host);
  if (view.status === "finished") {
    return root(view.results && resultsPanel(view, me, { busy: match.busy, act }), endScreen(view, me, { playAgain: host.playAgain, top: host.top }));
  }
  const results = view.results;
  const unseen = results && results.set_no > (saved.seenSet ?? 0);
  const settling = ["gold", "results", "rewards"].includes(view.phase);
  if (results && (settling || unseen)) {
    const next = settling
      ? null
      : () => {
          host.save({ seenSet: results.set_no });
          host.redraw();
        };
    return root(status(view, me), resultsPanel(view, me, { busy: match.busy, act, next }));
  }
  return root(status(view, me), opponents(view, me), playerArea(view, me, { local, busy: match.busy, act }));
}

export function recordPanel(match) {
  return setsPanel(match.record, { seats: match.view.seats, me: match.me });
}

// Another seat's move, as a line in the ticker (J42: what everyone may know).
export function onEvent(event, host) {
  const { view, me } = host.current();
  const data = event.data;
  const who = (seat) => seatName(view.seats[seat], me);
  const kind = event.type.slice(event.type.lastIndexOf(".") + 1);
  const line = {
    HandAugmented: () => data.seat !== me && data.count > 0 && t("tickerAugment", { name: who(data.seat), k: data.count, cost: data.cost }),
    CardsExchanged: () => data.seat !== me && t("tickerExchange", { name: who(data.seat), method: t(data.method), count: data.count, cost: data.cost }),
    RevealRequested: () => t("tickerReveal", { name: who(data.juggernaut), target: who(data.target) }),
    RevealRefused: () => t("tickerRefused", { name: who(data.target) }),
    HandRevealed: () => t("tickerAllowed", { name: who(data.target) }),
    ExchangeTurnEnded: () => data.seat !== me && t("tickerDone", { name: who(data.seat) }),
  }[kind]?.();
  if (line) host.say(line);
}

// This game's screens hang under one .juggernaut element, which scopes its stylesheet.
function root(...children) {
  return h("div", { class: "juggernaut" }, children);
}

function moves({ local }, host) {
  return {
    async move(action) {
      if (await host.move(action)) local.picked = [];
    },
    pick(index) {
      const at = local.picked.indexOf(index);
      if (at >= 0) local.picked.splice(at, 1);
      else local.picked.push(index);
      host.redraw();
    },
  };
}
