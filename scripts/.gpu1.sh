set -u
B=.bundle/gpumatch-linux-x86_64; G=$B/gpumatch
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
head -c 268435456 /dev/urandom | tr '\000-\377' "$(printf 'ACGT%.0s' $(seq 64))" > /dev/shm/dna256
cat /dev/shm/dna256 /dev/shm/dna256 /dev/shm/dna256 /dev/shm/dna256 > /dev/shm/dna1g; rm /dev/shm/dna256
head -c 1073741824 /dev/urandom > /dev/shm/rnd1g; head -c 1000 /dev/shm/dna1g > /dev/shm/dna1k
{ for f in dna1k dna1g rnd1g; do for a in auto cpu drk-2s; do for m in 8 64 1024; do
  p=$(dd if=/dev/shm/$f bs=1 skip=500 count=$m 2>/dev/null | od -An -tx1 | tr -d ' \n')
  [ "$f" = dna1k ] && [ $m -gt 8 ] && continue
  s=$(date +%s.%N); c=$($G count --hex -p $p -a $a -q /dev/shm/$f 2>&1 | tail -1); e=$(date +%s.%N)
  echo "$f a=$a m=$m count=$c wall=$(echo "$e - $s" | bc) s"; done; done; done; } 2>&1 | tee $OUT/e2e.txt
timeout 60 scripts/record-gpu-results.sh $B $OUT/rec --steps devices,calibrate 2>&1 | tee $OUT/rec1.log | tail -5
timeout 330 scripts/record-gpu-results.sh $B $OUT/rec --steps kmismatch 2>&1 | tee $OUT/rec2.log | tail -40
