// Every forwarding op: Snapshot of a computed value, CheckNumerics of a computed (finite) value,
// PreventGradient of an argument, StopGradient of a constant, IdentityN of a computed value, an argument and a
// constant; a forwarded value used by a later result and returned twice (as itself and through IdentityN).
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?xf32>, %i: tensor<?xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<3xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<2xi64>, tensor<?x?xf32>) {
  %c = "tf.Const"() {value = dense<[5.000000e-01, -1.500000e+00, 2.000000e+00]> : tensor<3xf32>} : () -> tensor<3xf32>
  %k = "tf.Const"() {value = dense<[7, -9]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tf.Exp"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Snapshot"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Sigmoid"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.CheckNumerics"(%2) {device = "", message = "sigmoid"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.PreventGradient"(%y) {device = "", message = "no gradient here"} : (tensor<?xf32>) -> tensor<?xf32>
  %5 = "tf.StopGradient"(%c) {device = ""} : (tensor<3xf32>) -> tensor<3xf32>
  %6:3 = "tf.IdentityN"(%3, %i, %k) {T = [f32, i32, i64], device = ""} : (tensor<?x?xf32>, tensor<?xi32>, tensor<2xi64>) -> (tensor<?x?xf32>, tensor<?xi32>, tensor<2xi64>)
  %7 = "tf.Mul"(%6#0, %1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1, %3, %4, %5, %7, %6#1, %6#2, %6#0 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<3xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<2xi64>, tensor<?x?xf32>
}
