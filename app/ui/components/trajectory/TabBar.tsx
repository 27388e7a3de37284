/** A trajectory's tabs (the app's and the report's): one button per tab, the open one pressed. */
export function TabBar<T extends string>({
  tabs,
  titles,
  open,
  onOpen,
}: {
  tabs: readonly T[];
  titles: Record<T, string>;
  open: T;
  onOpen: (tab: T) => void;
}) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map((x) => (
        <button
          key={x}
          type="button"
          role="tab"
          aria-selected={open === x}
          className={open === x ? 'active' : ''}
          onClick={() => onOpen(x)}
        >
          {titles[x]}
        </button>
      ))}
    </div>
  );
}
