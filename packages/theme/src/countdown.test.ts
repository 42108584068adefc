import { describe, expect, it } from 'vitest';
import { fillDefaults } from './config.js';
import { anchorCountdowns, SECTIONS } from './sections.js';

// Issue 31 item 3 (spec §4 "A count-down time is stored as an end timestamp"): a flash deal counts to a stored end.
describe('flash-deal count-downs', () => {
  const SAVED = Date.parse('2026-12-01T10:00:00Z');
  const config = () =>
    fillDefaults(
      {
        pages: {
          homepage: {
            sections: [
              {
                type: 'flash_deals',
                key: 'flash_deals-1',
                index: 0,
                settings: {
                  heading: 'Flash Deals',
                  blocks: [
                    { title: 'Ends soon', type: 'count-down', time: { day: 5, hour: 0, min: 0, getTime: 0 } },
                    { title: 'Stamped', type: 'count-down', time: { day: 1, hour: 0, min: 0, getTime: SAVED + 3_600_000 } },
                  ],
                },
              },
            ],
          },
        },
      },
      'newchick',
    );

  it('anchors an unstamped deal to when its config was saved, and keeps a stored end as it is', () => {
    const c = anchorCountdowns(config(), SAVED);
    const blocks = (c.pages.homepage.sections[0]!.settings as { blocks: { time: { getTime: number } }[] }).blocks;
    expect(blocks[0]!.time.getTime).toBe(SAVED + 5 * 86_400_000);
    expect(blocks[1]!.time.getTime).toBe(SAVED + 3_600_000);
    // The same config read again later gives the same end: no restart per visit.
    const later = anchorCountdowns(config(), SAVED);
    expect((later.pages.homepage.sections[0]!.settings as { blocks: { time: { getTime: number } }[] }).blocks[0]!.time.getTime).toBe(
      SAVED + 5 * 86_400_000,
    );
  });

  it('lets the merchant choose what an ended deal shows: "Ended" (default) or nothing', () => {
    const ended = SECTIONS.flash_deals.settings.ended;
    expect(ended.default).toBe('label');
    expect(ended.options.map((o) => o.value)).toEqual(['label', 'hide']);
  });
});
