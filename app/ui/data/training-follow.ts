// Resumes, once per page load, the dump folders followed before the reload (where the browser
// still grants reading them; else the Training page offers to resume with a click).
import { useEffect } from 'react';
import { resumeFollows } from '../../services/training-follow';
import './training-import';

let resumed = false;

export function useResumeFollows(): void {
  useEffect(() => {
    if (resumed) return;
    resumed = true;
    // No File System Access API (or no IndexedDB): nothing was followed, nothing to resume.
    if (typeof indexedDB === 'undefined') return;
    resumeFollows().catch((e: unknown) => console.warn('could not resume followed folders:', e));
  }, []);
}
