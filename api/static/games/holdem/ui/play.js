// The player's side: their hole cards and seat line, and what they may do now (H49): on
// their turn fold, check or call, a bet or raise between the legal minimum and maximum, and
// all-in; at the showdown, show or muck; while waiting, the auto-bet (H43-H45).

import { cardRow } from "../cards.js";
import { seatName, t, words } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { awaited, seatLine } from "./table.js";

function button(id, label, onclick, { primary = false, disabled = false } = {}) {
  return h("button", { id, class: primary ? "primary" : "", onclick, disabled }, label);
}

// The bet or raise control, bounded by the legal amounts: a slider and a number kept together.
function sizing(choice, context) {
  const { local, act, busy } = context;
  const amount = Math.min(choice.max, Math.max(choice.min, local.amount ?? choice.min));
  local.amount = amount;
  const label = () => t(choice.kind === "bet" ? "betTo" : "raiseTo", { n: local.amount });
  // The field is read as the move is sent: typed text it has not committed yet (a redraw
  // gives it back as text, without a change event) is what the person sees.
  const send = button(choice.kind, label(), () => {
    set(number.value);
    act.move({ kind: choice.kind, to: local.amount });
  }, { disabled: busy });
  const show = (amount) => {
    local.amount = amount;
    range.value = amount;
    send.textContent = label();
  };
  const set = (value) => {
    show(Math.min(choice.max, Math.max(choice.min, Math.round(Number(value) || choice.min))));
    number.value = local.amount;
  };
  // While typing, an amount within the bounds moves the slider and the button at once; the
  // text is left as typed (clamping the "4" of "45" to the minimum would undo the typing).
  const typed = (value) => {
    const amount = Number(value);
    if (Number.isInteger(amount) && amount >= choice.min && amount <= choice.max) show(amount);
  };
  const range = h("input", { type: "range", id: "amount-range", min: choice.min, max: choice.max, step: 1, value: amount, "aria-label": t("amount"), oninput: (event) => set(event.target.value) });
  const number = h("input", { type: "number", id: "amount", min: choice.min, max: choice.max, value: amount, "aria-label": t("amount"), oninput: (event) => typed(event.target.value), onchange: (event) => set(event.target.value) });
  return h("div", { class: "sizing" }, range, h("div", { class: "sizing-row" }, number, send));
}

function turn(legal, context) {
  const { act, busy } = context;
  const by = Object.fromEntries(legal.map((choice) => [choice.kind, choice]));
  const bet = by.bet ?? by.raise;
  return [
    h("p", { class: "prompt", id: "prompt" }, t("yourTurn")),
    h(
      "div",
      { class: "buttons" },
      button("fold", t("fold"), () => act.move({ kind: "fold" }), { disabled: busy }),
      by.check && button("check", t("check"), () => act.move({ kind: "check" }), { primary: true, disabled: busy }),
      by.call && button("call", t("call", { n: by.call.amount }), () => act.move({ kind: "call" }), { primary: true, disabled: busy }),
      by.all_in && button("all-in", t("allInButton", { n: by.all_in.to }), () => act.move({ kind: "all_in" }), { disabled: busy }),
    ),
    bet && sizing(bet, context),
  ];
}

function showdown(context) {
  const { act, busy } = context;
  return [
    h("p", { class: "prompt", id: "prompt" }, t("showdownAsk")),
    h("div", { class: "buttons" }, button("show", t("show"), () => act.move({ kind: "show" }), { primary: true, disabled: busy }), button("muck", t("muck"), () => act.move({ kind: "muck" }), { disabled: busy })),
  ];
}

// The auto-bet while another seat acts: choose one of the kinds allowed now, with an amount
// for a bet or raise, and set it; a pending one shows with its cancel button.
function autoBet(view, me, setting, context) {
  const { act, busy, local } = context;
  const pending = view.seats[me].auto;
  const kinds = words("autoKinds");
  const chosen = setting.actions.includes(local.autoKind) ? local.autoKind : setting.actions[0];
  local.autoKind = chosen;
  const to = Math.min(setting.max, Math.max(setting.min, local.autoTo ?? setting.min));
  const select = h(
    "select",
    { id: "auto-kind", "aria-label": t("auto"), onchange: (event) => { local.autoKind = event.target.value; act.redraw(); } },
    setting.actions.map((kind) => h("option", { value: kind, selected: kind === chosen }, kinds[kind])),
  );
  const amount = chosen === "bet_or_raise" && h("input", { type: "number", id: "auto-to", min: setting.min, max: setting.max, value: to, onchange: (event) => { local.autoTo = Number(event.target.value); } });
  const body = () => {
    if (local.autoKind !== "bet_or_raise") return { kind: "set_auto", action: local.autoKind };
    local.autoTo = Number(amount.value); // read as for a bet: typed text may be uncommitted
    return { kind: "set_auto", action: "bet_or_raise", to: local.autoTo };
  };
  return h(
    "div",
    { class: "auto", id: "auto" },
    h("strong", {}, t("auto")),
    pending ? h("span", { class: "pending", id: "auto-pending" }, t("autoPending", { what: kinds[pending.kind] + (pending.to ? ` ${pending.to}` : "") })) : [select, amount],
    pending ? button("clear-auto", t("autoClear"), () => act.move({ kind: "clear_auto" }), { disabled: busy }) : button("set-auto", t("autoSet"), () => act.move(body()), { disabled: busy }),
    h("p", { class: "hint" }, t("autoHint")),
  );
}

function moves(view, me, context) {
  const legal = view.legal ?? [];
  const kinds = new Set(legal.map((choice) => choice.kind));
  if (kinds.has("show")) return showdown(context);
  if (kinds.has("fold")) return turn(legal, context);
  const waitingFor = awaited(view);
  const setting = legal.find((choice) => choice.kind === "set_auto");
  return [
    waitingFor !== null && h("p", { class: "prompt", id: "prompt" }, t("waiting", { name: seatName(view.seats[waitingFor], me) })),
    setting && autoBet(view, me, setting, context),
  ];
}

export function playerArea(view, me, context) {
  const seat = view.seats[me];
  return h(
    "section",
    { class: `seat me${awaited(view) === me ? " acting" : ""}`, id: "me" },
    seatLine(view, seat, me),
    h("div", { class: "hole mine", id: "hole" }, cardRow(seat.cards ?? [])),
    h("div", { class: "moves", id: "moves" }, moves(view, me, context)),
  );
}
