import confetti from 'canvas-confetti';
import { motion } from 'motion/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CELEBRATION_MS, confettiBursts, type Sparkle } from '@/client/lib/progress';

/**
 * Confetti and sparkles for 7 s when the last item is completed. The confetti is rendered on a
 * canvas of our own with `useWorker: false`: the library's default instance starts a worker from a
 * blob: URL, which the Content-Security-Policy (script-src 'self') refuses.
 * The parent leaves this out entirely when the user prefers reduced motion.
 */
export function Celebration({ sparkles, onFinish }: { sparkles: Sparkle[]; onFinish: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const finish = useEffectEvent(onFinish);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fire = confetti.create(canvas, { resize: true, useWorker: false });
    const timers = confettiBursts().map((burst) =>
      window.setTimeout(() => {
        void fire({
          particleCount: burst.particleCount,
          angle: burst.angle,
          spread: 70,
          startVelocity: 45,
          ticks: 160,
          origin: { x: burst.originX, y: 0.75 },
          disableForReducedMotion: true,
        });
      }, burst.delayMs),
    );
    const end = window.setTimeout(() => finish(), CELEBRATION_MS);
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      window.clearTimeout(end);
      fire.reset();
    };
  }, []);

  // Portalled to <body>: the page wrapper animates a transform, which would make `fixed` relative to it.
  return createPortal(
    <div aria-hidden className="pointer-events-none fixed inset-0 z-[60] overflow-hidden">
      <canvas ref={canvasRef} className="absolute inset-0 h-full w-full" />
      {sparkles.map((sparkle) => (
        <motion.span
          key={sparkle.id}
          className="absolute select-none"
          style={{ left: `${sparkle.left}%`, top: `${sparkle.top}%`, fontSize: `${sparkle.size}rem` }}
          initial={{ opacity: 0, scale: 0, rotate: 0 }}
          animate={{ opacity: [0, 1, 0], scale: [0, 1.2, 0], rotate: [0, 90] }}
          transition={{
            duration: sparkle.duration,
            delay: sparkle.delay,
            repeat: Infinity,
            repeatDelay: 0.3,
            ease: 'easeInOut',
          }}
        >
          ✨
        </motion.span>
      ))}
    </div>,
    document.body,
  );
}
