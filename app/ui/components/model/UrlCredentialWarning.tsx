// Says when a typed server URL carries a credential: it is used this session but never saved
// (the settings stores strip it), and the key belongs in the API key field.
import { findUrlCredentials } from '../../../core/url-credentials';

export function UrlCredentialWarning({ url }: { url: string }) {
  const found = findUrlCredentials(url);
  if (found.length === 0) return null;
  return (
    <span className="error-text" role="status" data-testid="url-credential-warning">
      This URL carries {found.join(' and ')}: it is used for this session only and not saved. Put the key in
      the API key field instead.
    </span>
  );
}
