import { PriorityWorkQueue, queueEstimateSeconds } from './work-queue';

describe('PriorityWorkQueue', () => {
  it('works on a person upload before bulk intake that came earlier, first come first served within a lane', () => {
    const queue = new PriorityWorkQueue<string>();
    queue.push('scan-1', 'bulk');
    queue.push('scan-2', 'bulk');
    queue.push('client-upload', 'person');
    queue.push('scan-3', 'bulk');
    queue.push('second-upload', 'person');
    expect(queue.waiting.map((w) => w.item)).toEqual(['client-upload', 'second-upload', 'scan-1', 'scan-2', 'scan-3']);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual(['client-upload', 'second-upload', 'scan-1']);
    expect(queue.size).toBe(2);
  });

  it('answers nothing when nothing waits', () => {
    expect(new PriorityWorkQueue<string>().shift()).toBeUndefined();
  });
});

describe('queueEstimateSeconds', () => {
  it('counts the documents ahead at the recent time per document, half of the running one included', () => {
    expect(queueEstimateSeconds(1, 10_000, false)).toBe(10);
    expect(queueEstimateSeconds(3, 10_000, true)).toBe(35);
    expect(queueEstimateSeconds(1, 10, false)).toBe(1);
  });
});
