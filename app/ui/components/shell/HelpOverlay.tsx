import { STEP_LABELS, VERDICTS } from '../../../core/annotations/annotation';
import { SHORTCUTS } from '../../keyboard';

export function HelpOverlay({ onClose }: { onClose: () => void }) {
  return (
    <div className="overlay" onClick={onClose}>
      <div
        className="dialog help"
        role="dialog"
        aria-label="Keyboard shortcuts"
        onClick={(e) => e.stopPropagation()}
      >
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.scope + s.keys}>
                <td className="muted">{s.scope}</td>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Step labels</h3>
        <ul className="keylist">
          {STEP_LABELS.map((l) => (
            <li key={l.id}>
              <kbd>{l.key}</kbd> {l.title} <span className="muted">— {l.hint}</span>
            </li>
          ))}
        </ul>
        <h3>Verdicts</h3>
        <ul className="keylist">
          {VERDICTS.map((v) => (
            <li key={v.id}>
              <kbd>{v.key}</kbd> {v.title}
            </li>
          ))}
        </ul>
        <button type="button" onClick={onClose}>
          Close (Esc)
        </button>
      </div>
    </div>
  );
}
