import { describe, expect, it } from 'vitest';
import { findUrlCredentials, scrubCredentials, stripUrlCredentials } from './url-credentials';

describe('URL credentials', () => {
  it('finds and strips user info', () => {
    const url = 'https://user:sk-secret@api.example.com/v1';
    expect(findUrlCredentials(url)).toEqual(['a user name and password']);
    expect(stripUrlCredentials(url)).toBe('https://api.example.com/v1');
    expect(stripUrlCredentials('http://sk-only@127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1');
  });

  it('strips secret query parameters whatever their case, and keeps the others', () => {
    const url = 'http://127.0.0.1:8000/v1?api_key=sk-1&deployment=a&X-API-Key=2&Token=3';
    expect(findUrlCredentials(url)).toEqual([
      'the api_key parameter',
      'the X-API-Key parameter',
      'the Token parameter',
    ]);
    expect(stripUrlCredentials(url)).toBe('http://127.0.0.1:8000/v1?deployment=a');
  });

  it('leaves clean URLs, non-URLs and half-typed URLs exactly as typed', () => {
    for (const s of ['http://127.0.0.1:8000/v1', 'http://', 'localhost:8000', 'a@b', ''])
      expect(stripUrlCredentials(s)).toBe(s);
    expect(findUrlCredentials('http://127.0.0.1:8000/v1?model=x')).toEqual([]);
  });

  it('scrubs every URL inside a settings object, without touching the original', () => {
    const saved = {
      llm: { kind: 'http', baseUrl: 'https://u:p@h.example/v1', model: 'm' },
      llmByKind: { http: { baseUrl: 'https://h.example/v1?api_key=k' } },
      list: ['https://h.example/?key=1', 3, null],
    };
    const before = JSON.stringify(saved);
    const out = scrubCredentials(saved);
    expect(JSON.stringify(saved)).toBe(before);
    expect(JSON.stringify(out)).not.toMatch(/u:p|api_key|key=1/);
    expect(out.llm.baseUrl).toBe('https://h.example/v1');
    expect(out.list).toEqual(['https://h.example/', 3, null]);
  });
});
