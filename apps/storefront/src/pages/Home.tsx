import { WidgetSlot } from '../components/widgets';
import { HydrateLater } from '../lib/hydration';
import { useThemeSelect } from '../lib/theme';
import { EARLY_SECTIONS, SectionView } from '../sections';

/** The home page: the config's sections in order (theme-editor §3 Section index), each highlightable in a preview; then the home product widgets (issue 18 item 2). */
export function Home() {
  const section = useThemeSelect((s) => s.section);
  const type = useThemeSelect((s) => s.type);
  const sections = useThemeSelect((s) => s.config.pages.homepage.sections);
  return (
    <div className="sf-home">
      {sections.map((s, i) => (
        <HydrateLater key={s.key}>
          <SectionView section={s} selected={section === s.key} first={i === 0} early={i < EARLY_SECTIONS} type={type} />
        </HydrateLater>
      ))}
      {sections.length === 0 && <p className="sf-empty sf-container">This store has no sections yet.</p>}
      <div className="sf-container">
        <WidgetSlot placement="home" />
      </div>
    </div>
  );
}
