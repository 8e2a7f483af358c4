// Float Mod/TruncateMod = C fmod (sign of the dividend; fmod(x, 0) and fmod(Inf, y) are NaN, fmod(x, Inf)
// = x) and TruncateDiv = trunc(x / y), on f32 and f64.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf64>, %arg3: tensor<?xf64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?xf64>) {
  %0 = "tf.Mod"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.TruncateMod"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.TruncateDiv"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Mod"(%arg2, %arg3) {device = ""} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %4 = "tf.TruncateDiv"(%arg2, %arg3) {device = ""} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?xf64>
}
