import { useEffect, useRef, useState } from 'react';

/** The WebM types to record in, best first (the browser picks the first it supports). */
const TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'];

export type RecorderState = 'idle' | 'previewing' | 'recording' | 'recorded';

/**
 * Recording in the browser with MediaRecorder (WebM): the camera's live preview, then a recording
 * (a Blob) to upload like a chosen file.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  const stopStream = () => {
    stream?.getTracks().forEach((t) => t.stop());
    setStream(null);
  };
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);

  async function openCamera() {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError('This browser cannot record video; upload a file instead.');
      return;
    }
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: true, audio: true }));
      setState('previewing');
    } catch (e) {
      setError(`The camera could not be opened (${(e as Error).message}).`);
    }
  }

  function start() {
    if (!stream) return;
    const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      setRecording(new Blob(chunks, { type: 'video/webm' }));
      setState('recorded');
      stopStream();
    };
    recorder.current = rec;
    rec.start(1000);
    setState('recording');
  }

  function stop() {
    recorder.current?.stop();
  }

  function reset() {
    stopStream();
    setRecording(null);
    setState('idle');
  }

  return { state, error, stream, recording, openCamera, start, stop, reset };
}
