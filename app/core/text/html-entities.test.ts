import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities';

describe('decodeHtmlEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeHtmlEntities('Tom &amp; Jerry')).toBe('Tom & Jerry');
    expect(decodeHtmlEntities('Ocean&#39;s Eleven &#x27;01&#X27;')).toBe("Ocean's Eleven '01'");
    expect(decodeHtmlEntities('Caf&eacute; &Uuml;ber Stra&szlig;e')).toBe('Café Über Straße');
    expect(decodeHtmlEntities('&lt;b&gt; &quot;x&quot;')).toBe('<b> "x"');
  });

  it('leaves unknown or invalid references and plain ampersands alone', () => {
    expect(decodeHtmlEntities('A & B &bogus; &#0; &#xD800; &#99999999;')).toBe(
      'A & B &bogus; &#0; &#xD800; &#99999999;',
    );
  });
});
