/**
 * The month calendar of SPEC 2/9 (FullCalendar): weekends hidden, the day starting at 10:00 (the week's
 * time grid starts there), and a list of the events as their timeline. Events are drawn in the console's
 * time zone as the server writes them; each takes its group's colour from 'My Calender', and a group
 * unticked there is left out. An occurrence that ran opens its job; one still to come opens its schedule.
 */
import { useCallback, useMemo } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import type { EventClickArg, EventSourceFuncArg, EventInput } from '@fullcalendar/core';
import zhTw from '@fullcalendar/core/locales/zh-tw';
import th from '@fullcalendar/core/locales/th';
import ja from '@fullcalendar/core/locales/ja';
import fr from '@fullcalendar/core/locales/fr';
import de from '@fullcalendar/core/locales/de';
import ar from '@fullcalendar/core/locales/ar';
import vi from '@fullcalendar/core/locales/vi';
import tr from '@fullcalendar/core/locales/tr';
import { CALENDAR_DAY_START, type GroupColour } from '@edge/protocol';
import { useLanguage } from '../../i18n/language.ts';
import { fetchEvents } from './api.ts';
import { groupLook } from './colours.ts';

const LOCALES = [zhTw, th, ja, fr, de, ar, vi, tr];
const DAY_START = `${CALENDAR_DAY_START}:00`;
const MONTH_VIEW = 'dayGridMonth';
const HOURS_24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface ScheduleCalendarProps {
  colours: readonly GroupColour[] | undefined;
  /** Changes whenever the schedules do (their list was read again): the events are fetched again then. */
  version: number;
  onOpenJob: (jobId: number) => void;
  onOpenSchedule: (scheduleId: number) => void;
}

export function ScheduleCalendar({ colours, version, onOpenJob, onOpenSchedule }: ScheduleCalendarProps) {
  const { locale, direction } = useLanguage();

  // A new function when the colours or the schedules change: FullCalendar then fetches and draws again.
  const events = useCallback(
    async (range: EventSourceFuncArg): Promise<EventInput[]> => {
      const { list } = await fetchEvents(range.startStr.slice(0, 10), range.endStr.slice(0, 10));
      return list.flatMap((e) => {
        const look = groupLook(colours, e.groupId);
        if (!look.shown) return [];
        return [
          {
            id: `${e.scheduleId}@${e.at}`,
            title: e.title,
            start: e.start,
            end: e.end,
            backgroundColor: look.colour,
            borderColor: look.colour,
            classNames: [e.jobId === null ? 'schedule-event-planned' : 'schedule-event-ran'],
            extendedProps: { scheduleId: e.scheduleId, jobId: e.jobId },
          },
        ];
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the reason to fetch again, not an input
    [colours, version],
  );
  const onClick = useCallback(
    (arg: EventClickArg) => {
      const { jobId, scheduleId } = arg.event.extendedProps as { jobId: number | null; scheduleId: number };
      if (jobId !== null) onOpenJob(jobId);
      else onOpenSchedule(scheduleId);
    },
    [onOpenJob, onOpenSchedule],
  );
  const toolbar = useMemo(
    () => ({ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listWeek' }),
    [],
  );

  return (
    <div className="schedule-calendar" data-testid="schedule-calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView={MONTH_VIEW}
        headerToolbar={toolbar}
        // Its chevron icons are images without a name (axe: role-img-alt); the locale's words are named.
        buttonIcons={false}
        weekends={false}
        slotMinTime={DAY_START}
        scrollTime={DAY_START}
        allDaySlot={false}
        eventTimeFormat={HOURS_24}
        slotLabelFormat={HOURS_24}
        locales={LOCALES}
        locale={locale.dayjs}
        direction={direction}
        events={events}
        eventClick={onClick}
        height="auto"
      />
    </div>
  );
}
