import useSWR from 'swr';
import type { Attendance, AttendanceQuery } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';

export const ATTENDANCE_PATH = '/floor/shifts/attendance/';

export type AttendancePeriod = { month: number; year: number; cutoff: number; location: number | null };

/** The query of one cutoff's attendance (no location: every branch the caller may read). */
export const attendanceParams = ({ month, year, cutoff, location }: AttendancePeriod) =>
  ({
    month: String(month),
    year: String(year),
    cutoff: String(cutoff),
    location: location === null ? undefined : String(location),
  }) satisfies AttendanceQuery;

/** Days and hours per person per cutoff (closed shifts), from the shifts clocked on the board. */
export const useAttendance = (period: AttendancePeriod) =>
  useSWR<Attendance, unknown>(withQuery(ATTENDANCE_PATH, attendanceParams(period)), getOne<Attendance>);
