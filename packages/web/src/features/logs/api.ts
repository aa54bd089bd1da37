/** Log calls (protocol endpoints/logs.ts): the page, the function list, settings, clear, and the files. */
import { keepPreviousData } from '@tanstack/react-query';
import { endpoints, type Endpoint, type InputOf, type LogQuery } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { apiErrorFrom } from '../../api/ApiError.ts';
import { urlOf } from '../../api/call.ts';
import { saveBlob } from '../../components/saveText.ts';

const { logs } = endpoints;

export const logKeys = {
  list: queryKeys.endpoint(logs.list),
  programs: queryKeys.endpoint(logs.programs),
  settings: queryKeys.endpoint(logs.settings),
  deviceMode: queryKeys.endpoint(logs.deviceMode),
};

export const useLogList = (query: LogQuery) =>
  useEndpointQuery(logs.list, query, { placeholderData: keepPreviousData });

export const usePrograms = (deviceID: string | undefined) => useEndpointQuery(logs.programs, { deviceID });

export const useLogSettings = () => useEndpointQuery(logs.settings, {});

export const useSaveLogSettings = () =>
  useEndpointMutation(logs.saveSettings, { invalidates: [logKeys.settings] });

/** A device's own report mode (or that it follows the fleet's). */
export const useDeviceMode = (deviceID: string | undefined) =>
  useEndpointQuery(logs.deviceMode, { deviceID: deviceID ?? '' }, { enabled: Boolean(deviceID) });

export const useSaveDeviceMode = () =>
  useEndpointMutation(logs.saveDeviceMode, { invalidates: [logKeys.deviceMode] });

export const useResetLog = () =>
  useEndpointMutation(logs.reset, { invalidates: [logKeys.list, logKeys.programs] });

/**
 * Fetches a log file (download, export) and hands it to the browser as a saved file. Read through fetch,
 * not a link, so a failure is a toast in the server's words (SPEC 8 'Failed to download log file').
 */
export async function saveLogFile<E extends Endpoint>(endpoint: E, input: InputOf<E>): Promise<string> {
  const url = (urlOf as (e: E, i: InputOf<E>) => string)(endpoint, input);
  const response = await fetch(url, { headers: { accept: '*/*' } });
  if (!response.ok) throw await apiErrorFrom(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'logs';
  saveBlob(blob, fileName);
  return fileName;
}

export const logFiles = { download: logs.download, export: logs.export };
