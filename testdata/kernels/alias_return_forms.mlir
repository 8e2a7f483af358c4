// Results that forward other values: a Softmax through Identity that a later result (and, through it, a
// reduction) also reads, returned twice; an argument returned directly and through Identity; Identity of a
// Reshape of an argument (a view), Snapshot of a Shape, StopGradient of a Reshape of a computed value.
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<2xi32>, tensor<?xf32>) {
  %ax = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %m1 = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Softmax"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Mul"(%1, %x) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sum"(%2, %ax) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %4 = "tf.Identity"(%y) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %5 = "tf.Reshape"(%x, %m1) {device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %6 = "tf.Identity"(%5) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %7 = "tf.Shape"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<2xi32>
  %8 = "tf.Snapshot"(%7) {device = ""} : (tensor<2xi32>) -> tensor<2xi32>
  %9 = "tf.Abs"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %10 = "tf.Reshape"(%9, %m1) {device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %11 = "tf.StopGradient"(%10) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1, %2, %3, %4, %y, %1, %6, %8, %11 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<2xi32>, tensor<?xf32>
}
