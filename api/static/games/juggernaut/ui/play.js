// The person's seat: its hand and what it may do now, each move with its price shown before
// it is paid (J20-J28, J43).

import { cardRow, cardFace } from "../cards.js";
import { category, seatName, t } from "../i18n.js";
import { awaited, seatHead } from "./table.js";
import { h } from "../../../ui/dom.js";

const selectionCost = (picked) => 2 ** (picked - 1); // J25
const AUGMENTS = [0, 1, 2, 3, 4, 5]; // J20

function costText(cost) {
  return cost ? t("cost", { n: cost }) : t("free");
}

// context: { local: { picked: [indices], pickedAt: version }, busy, act: { move, pick } }
export function playerArea(view, me, context) {
  const seat = view.seats[me];
  const picking = view.phase === "exchange" && view.to_act === me;
  const picked = new Set(picking ? context.local.picked : []);
  const hand = seat.cards ?? [];
  return h(
    "section",
    { class: ["seat", "mine", awaited(view) === me && "acting", view.juggernaut === me && "juggernaut"].filter(Boolean).join(" "), id: "my-seat", dataset: { seat: me } },
    seatHead(view, seat, me),
    h(
      "div",
      { class: "cards hand", id: "my-hand" },
      hand.map((card, index) =>
        cardFace(card, { picked: picked.has(index), index, onclick: picking && !context.busy ? () => context.act.pick(index) : null }),
      ),
    ),
    seat.category && h("p", { class: "category", id: "my-category" }, category(seat.category)),
    actions(view, me, seat, picked, context),
    view.juggernaut === me && snapshots(view, me),
  );
}

function actions(view, me, seat, picked, context) {
  if (view.phase === "augment" && view.to_act === me) return augmentPanel(seat, context);
  if (view.phase === "exchange" && view.to_act === me) return exchangePanel(view, me, seat, picked, context);
  if (view.phase === "reveal" && view.target === me) return revealPrompt(view, me, seat, context);
  if (view.phase === "gold") return null; // the results panel asks
  const acting = awaited(view);
  return h("p", { class: "waiting", id: "waiting" }, acting === null ? t("waitingMany") : t("waiting", { name: seatName(view.seats[acting], me) }));
}

function button(id, label, cost, disabled, onclick, hint = null) {
  return h(
    "button",
    { type: "button", id, disabled, onclick, title: hint },
    h("span", { class: "label" }, label),
    cost !== null && h("span", { class: "price" }, costText(cost)),
  );
}

function augmentPanel(seat, { busy, act }) {
  return h(
    "div",
    { class: "actions", id: "augment-actions" },
    h("p", { class: "ask" }, `${t("yourTurn")} · ${t("augmentAsk")}`),
    h(
      "div",
      { class: "buttons" },
      AUGMENTS.map((k) => {
        const cost = k ? selectionCost(k) : 0;
        const label = k ? t("augment", { k }) : t("noAugment");
        return button(`augment-${k}`, label, cost, busy || cost > seat.silver, () => act.move({ kind: "augment", count: k }));
      }),
    ),
  );
}

function exchangePanel(view, me, seat, picked, { busy, act }) {
  const hand = seat.cards ?? [];
  const m = picked.size;
  const cards = [...picked].sort((a, b) => a - b).map((index) => hand[index]);
  const price = m ? selectionCost(m) : null;
  const methods = [
    ["individual", price, m < 1, t("individualHint"), { method: "individual", cards }],
    ["keep", price, m < 1 || m > hand.length - 1, t("keepHint"), { method: "keep", cards }],
    ["all", 1, false, t("allHint"), { method: "all", cards: [] }],
  ];
  return h(
    "div",
    { class: "actions", id: "exchange-actions" },
    h("p", { class: "ask" }, `${t("yourTurn")} · ${m ? t("picked", { n: m }) : t("pick")}`),
    h(
      "div",
      { class: "buttons" },
      methods.map(([method, cost, invalid, hint, body]) =>
        button(`exchange-${method}`, t(method), cost, busy || invalid || cost > seat.silver, () => act.move({ kind: "exchange", ...body }), hint),
      ),
      button("exchange-done", t("finish"), null, busy, () => act.move({ kind: "done" })),
    ),
    view.juggernaut === me && revealButtons(view, me, seat, busy, act),
  );
}

function revealButtons(view, me, seat, busy, act) {
  const citizens = view.turn_order.filter((other) => other !== me && view.seats[other].named === null);
  if (!citizens.length) return null;
  return h(
    "div",
    { class: "reveals" },
    h("p", { class: "muted" }, t("revealHint")),
    h(
      "div",
      { class: "buttons" },
      citizens.map((other) =>
        button(`reveal-${other}`, t("reveal", { name: seatName(view.seats[other], me) }), 1, busy || seat.silver < 1, () => act.move({ kind: "reveal", target: other })),
      ),
    ),
  );
}

function revealPrompt(view, me, seat, { busy, act }) {
  return h(
    "div",
    { class: "actions", id: "reveal-prompt" },
    h("p", { class: "ask" }, t("revealAsk", { name: seatName(view.seats[view.juggernaut], me) })),
    h(
      "div",
      { class: "buttons" },
      button("allow", t("allow"), 0, busy, () => act.move({ kind: "allow" })),
      button("refuse", t("refuse"), 1, busy || seat.silver < 1, () => act.move({ kind: "refuse" })),
    ),
  );
}

function snapshots(view, me) {
  if (!view.snapshots.length) return null;
  return h(
    "div",
    { class: "snapshots", id: "snapshots" },
    view.snapshots.map((shot) =>
      h(
        "div",
        { class: "snapshot", dataset: { seat: shot.seat } },
        h("p", {}, `${t("snapshot", { name: seatName(view.seats[shot.seat], me) })}: ${category(shot.category)}`),
        cardRow(shot.cards, { small: true }),
      ),
    ),
  );
}
