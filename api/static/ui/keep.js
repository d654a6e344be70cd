// What a redraw would take from the person that no screen's state holds: the text being typed
// into the focused field, with its caret, and which panels (a <details> with an id) they
// opened or closed. A redraw replaces every element whenever a view arrives, as when another
// seat moves while the person types an amount or reads a help panel of the record.

const TYPED = new Set(["text", "number", "search"]);

function typedIn(element) {
  return element instanceof HTMLInputElement && TYPED.has(element.type);
}

// Taken before the redraw, from the focused element and the whole page.
export function takeKept() {
  const field = document.activeElement;
  const panels = new Map([...document.querySelectorAll("details[id]")].map((panel) => [panel.id, panel.open]));
  if (!typedIn(field)) return { typed: null, panels };
  // A number field has no caret a script can read (null): the browser places it.
  return { typed: { value: field.value, start: field.selectionStart, end: field.selectionEnd }, panels };
}

// Given back after it: `field` is the element that takes the focus again (null when none).
// The text goes in before the focus, so the field's change event compares with it.
export function giveBack(kept, field) {
  for (const [id, open] of kept.panels) {
    const panel = document.getElementById(id);
    if (panel instanceof HTMLDetailsElement) panel.open = open;
  }
  if (!kept.typed || !typedIn(field)) return;
  field.value = kept.typed.value;
  if (kept.typed.start !== null) field.setSelectionRange(kept.typed.start, kept.typed.end);
}
