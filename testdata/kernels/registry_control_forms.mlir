// The control ops in the forms the other kernels leave out: tf.StatelessIf (a function chosen by a
// condition), tf.StatelessWhile (n halvings, none for n <= 0), tf.PartitionedCall and
// tf.StatefulPartitionedCall (a function called), with constants in arith's custom form.
func.func @test(%p: tensor<i1>, %n: tensor<i32>, %x: tensor<?xf32>) -> (tensor<?xf32>, tensor<i32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.StatelessIf"(%p, %x) {then_branch = @twice, else_branch = @neg, device = "", is_stateless = true} : (tensor<i1>, tensor<?xf32>) -> tensor<?xf32>
  %1:2 = "tf.StatelessWhile"(%n, %x) {body = @halve, cond = @positive, device = "", is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  %2 = "tf.PartitionedCall"(%x) {config = "", config_proto = "", executor_type = "", f = @twice} : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "tf.StatefulPartitionedCall"(%x) {config = "", config_proto = "", executor_type = "", f = @neg} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1#0, %1#1, %2, %3 : tensor<?xf32>, tensor<i32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
func.func private @twice(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c = arith.constant dense<2.000000e+00> : tensor<f32>
  %0 = "tf.Mul"(%a, %c) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @neg(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Neg"(%a) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @positive(%i: tensor<i32>, %v: tensor<?xf32>) -> tensor<i1> {
  %z = arith.constant dense<0> : tensor<i32>
  %0 = "tf.Greater"(%i, %z) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func private @halve(%i: tensor<i32>, %v: tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %half = arith.constant dense<5.000000e-01> : tensor<f32>
  %0 = "tf.Sub"(%i, %one) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %1 = "tf.Mul"(%v, %half) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<i32>, tensor<?xf32>
}
