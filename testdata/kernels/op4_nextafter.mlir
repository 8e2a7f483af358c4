// sandjit-test: rtol=0 atol=0
// NextAfter (bit-exact): toward larger and smaller values, across zero (the smallest denormals), from the
// largest finite value to Inf, x == y (gives y), NaN on either side, on f32 and f64.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf64>, %arg3: tensor<?xf64>) -> (tensor<?x?xf32>, tensor<?xf64>) {
  %0 = "tf.NextAfter"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.NextAfter"(%arg2, %arg3) {device = ""} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?xf64>
}
