// The inverse trigonometric and hyperbolic ops and Tan on f64: %arg0 in [-1, 1] (Acos, Asin, Atanh),
// %arg1 >= 1 (Acosh), %arg2 wide (Atan, Asinh, Cosh, Sinh, Tan; cosh overflows past 710).
func.func @test(%arg0: tensor<?xf64>, %arg1: tensor<?xf64>, %arg2: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %0 = "tf.Acos"(%arg0) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %1 = "tf.Asin"(%arg0) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %2 = "tf.Atanh"(%arg0) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %3 = "tf.Acosh"(%arg1) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %4 = "tf.Atan"(%arg2) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %5 = "tf.Asinh"(%arg2) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %6 = "tf.Cosh"(%arg2) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %7 = "tf.Sinh"(%arg2) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %8 = "tf.Tan"(%arg2) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
