// The top bar's "?" button: the app and the shared report open the keyboard help with it.
export function HelpButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      className="icon"
      onClick={onOpen}
      title="Keyboard shortcuts (?)"
      aria-label="Keyboard shortcuts"
    >
      ?
    </button>
  );
}
