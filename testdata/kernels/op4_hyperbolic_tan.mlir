// Acosh (x >= 1; 1 gives 0, below 1 NaN), Asinh and Sinh/Cosh (overflow to Inf near |x| = 89.4, huge and
// tiny values), Atanh (+-1 gives +-Inf, beyond NaN) and Tan on [-100, 100] with x near pi/2.
func.func @test(%arg0: tensor<?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Acosh"(%arg0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Asinh"(%arg1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Cosh"(%arg1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sinh"(%arg1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Atanh"(%arg2) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %5 = "tf.Tan"(%arg3) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>
}
