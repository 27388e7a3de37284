import { describe, expect, it } from 'vitest';
import { apex } from './apex/apex';
import { exsearch, EXSEARCH_PROMPTS } from './exsearch/exsearch';
import { paperById, PAPERS } from './papers';
import { STRATEGIES } from './registry';
import { whenToSearch } from './when-to-search';

describe('PAPERS', () => {
  it('covers every registered strategy in exactly one paper entry', () => {
    for (const s of STRATEGIES) {
      const owners = PAPERS.filter((p) => p.strategies.includes(s));
      expect(
        owners.map((p) => p.id),
        s.id,
      ).toHaveLength(1);
    }
    const listed = PAPERS.flatMap((p) => p.strategies);
    for (const s of listed) expect(STRATEGIES).toContain(s);
  });

  it('names only parameters that exist in the strategy defaults, with a value other than the default', () => {
    for (const p of PAPERS)
      for (const d of p.differences) {
        if (!d.select) continue;
        const defaults = d.select.strategy.defaults as Record<string, unknown>;
        expect(Object.keys(defaults), `${p.id}: ${d.topic}`).toContain(d.select.param);
        expect(d.select.value, `${p.id}: ${d.topic}`).not.toEqual(defaults[d.select.param]);
        expect(typeof d.select.value).toBe(typeof defaults[d.select.param]);
        expect(p.strategies).toContain(d.select.strategy);
      }
  });

  it("has unique ids, and titles that are the papers' own (the texts in ../shared/papers)", async () => {
    const { readFileSync } = await import('node:fs');
    expect(new Set(PAPERS.map((p) => p.id)).size).toBe(PAPERS.length);
    // The page cites papers by title and arXiv id; the test data set beside the repo holds their text.
    const texts: Record<string, string> = {
      qagent: 'qagent.txt',
      exsearch: 'exsearch.txt',
      'when-to-search': 'learning-when-to-search.txt',
      apex: 'apex-searcher-v1.txt',
    };
    const flat = (t: string) => t.replace(/\s+/g, ' ');
    for (const [id, file] of Object.entries(texts)) {
      const title = paperById(id)?.title.replace(/ \(ExSearch\)$/, '');
      expect(title, id).toBeDefined();
      expect(flat(readFileSync(`../shared/papers/${file}`, 'utf8')), file).toContain(title);
    }
  });

  it('gives every departure from a paper what the paper does, what Hopscope does and why', () => {
    for (const p of PAPERS)
      for (const d of p.departures)
        for (const field of ['topic', 'paper', 'hopscope', 'reason'] as const)
          expect(d[field].trim(), `${p.id}: ${d.topic}: ${field}`).not.toBe('');
  });

  it('does not credit greedy decoding to ExSearch, which states none; it is a departure with its reason', () => {
    const ex = paperById('exsearch')!;
    expect(ex.differences.some((d) => /greedy/i.test(d.paper))).toBe(false);
    const decoding = ex.departures.find((d) => d.topic === 'Decoding');
    expect(decoding?.paper).toMatch(/^Not stated/);
    expect(decoding?.hopscope).toContain(`temperature ${exsearch.defaults.temperature}`);
  });

  it('lists the remaining departures of When-to-Search, QAgent and ExSearch, values read from the defaults', () => {
    const topics = (id: string) => (paperById(id)?.departures ?? []).map((d) => d.topic);
    for (const id of ['when-to-search', 'qagent', 'exsearch'])
      expect(topics(id), id).toEqual(
        expect.arrayContaining(['Decoding', 'Retriever and corpus', 'Training']),
      );
    const wts = paperById('when-to-search')!.departures;
    const tokens = wts.find((d) => d.topic === 'Tokens per turn and per response');
    expect(tokens?.paper).toContain('max_action_length 8192 and max_response_length 16384 (Table 5)');
    expect(tokens?.hopscope).toContain(`maxTokens = ${whenToSearch.defaults.maxTokens} a turn`);
    expect(tokens?.hopscope).toContain(`maxResponseTokens = ${whenToSearch.defaults.maxResponseTokens}`);
    expect(wts.find((d) => d.topic === 'Correctness')?.paper).toMatch(/LLM judge/);
    expect(topics('exsearch')).toContain('System prompt');
    expect(paperById('qagent')!.implements.join(' ')).toContain('§3.4, Eq. 8–9');
    expect(paperById('qagent')!.implements.join(' ')).not.toMatch(/§3\.3, Eq\. (8|10)/);
  });

  it('lists ExSearch’s <QUERY>/<FACT> tags as a departure from the paper’s <THINK>/<RECORD> (appendix D.4, F.3)', async () => {
    const { readFileSync } = await import('node:fs');
    const paper = readFileSync('../shared/papers/exsearch.txt', 'utf8');
    // F.3: "the content behind <THINK> and <RECORD> represents model-generated outputs".
    expect(paper).toMatch(/behind <THINK> and <RECORD> represents model-generated outputs/);
    // The prompt Hopscope sends uses the public code's tags, not the paper's.
    expect(EXSEARCH_PROMPTS.system).toContain('<QUERY>');
    expect(EXSEARCH_PROMPTS.system).toContain('<FACT>');
    expect(EXSEARCH_PROMPTS.system).not.toMatch(/<THINK>|<RECORD>/);
    const tags = paperById('exsearch')!.departures.find((d) => d.topic === 'Action tags');
    expect(tags?.paper).toMatch(
      /<THINK>.*<RECORD>.*appendix D\.4.*appendix F\.3|appendix D\.4.*appendix F\.3.*<THINK>.*<RECORD>/,
    );
    expect(tags?.hopscope).toMatch(/<QUERY>.*<FACT>/);
  });

  it('runs ExSearch’s “w/o search” arm as the paper describes it (§5.2), not as the Direct strategy', async () => {
    const { readFileSync } = await import('node:fs');
    const paper = readFileSync('../shared/papers/exsearch.txt', 'utf8');
    expect(paper).toContain('an iterative self-ask process without external knowledge');
    const ex = paperById('exsearch')!;
    expect(ex.implements.join(' ')).not.toMatch(/w\/o search is Direct/);
    expect(ex.implements.join(' ')).toMatch(/search off \(iterative self-ask without retrieval\)/);
    expect(ex.departures.find((d) => d.topic === '“w/o search” (Table 3)')?.paper).toContain(
      'iterative self-ask process without external knowledge',
    );
    expect(exsearch.defaults.search).toBe(true);
  });

  it('lists APEX’s departures: the step limit read from the code, and v2’s continuation decision after retrieval', () => {
    const departures = paperById('apex')?.departures ?? [];
    expect(departures.length).toBeGreaterThanOrEqual(10);
    const topic = (t: string) => departures.find((d) => d.topic === t);
    expect(topic('Plan step limit')?.hopscope).toContain(`planStepLimit = ${apex.defaults.planStepLimit}`);
    expect(topic('Where the continuation decision sits')?.paper).toMatch(
      /v2 §2\.4\.2 moves the decision after/,
    );
    expect(topic('Reading the decisions')?.hopscope).toMatch(/unclear reply retrieves or continues/);
  });
});
