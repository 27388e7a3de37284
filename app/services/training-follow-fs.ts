// The parts of the File System Access API that TypeScript's DOM library leaves out (Chromium has
// them; other browsers lack showDirectoryPicker, and folderFollowSupported says so).
export type ReadPermission = 'granted' | 'denied' | 'prompt';

declare global {
  interface Window {
    showDirectoryPicker?: (options?: {
      id?: string;
      mode?: 'read' | 'readwrite';
    }) => Promise<FileSystemDirectoryHandle>;
  }
  interface FileSystemHandle {
    queryPermission?: (d: { mode: 'read' }) => Promise<ReadPermission>;
    requestPermission?: (d: { mode: 'read' }) => Promise<ReadPermission>;
  }
}
