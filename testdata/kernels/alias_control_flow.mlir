// Results of control flow that forward operands: tf.If whose then branch returns its arguments as they are
// and whose else branch returns Identity of one and of a Neg; tf.IfRegion yielding an enclosing value through
// Identity or an argument; tf.WhileRegion whose body forwards a loop value through Snapshot (0 to 3
// iterations); an argument returned directly.
func.func @test(%p: tensor<i1>, %n: tensor<i32>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<i32>, tensor<?xf32>) {
  %0:2 = "tf.If"(%p, %x, %y) {then_branch = @pass, else_branch = @swap_neg, is_stateless = true} : (tensor<i1>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  %1 = "tf.Exp"(%y) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.IfRegion"(%p) ({
    %a = "tf.Identity"(%1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    "tf.Yield"(%a) : (tensor<?xf32>) -> ()
  }, {
    "tf.Yield"(%x) : (tensor<?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<?xf32>
  %3:2 = "tf.WhileRegion"(%n, %x) ({
  ^bb0(%i: tensor<i32>, %v: tensor<?xf32>):
    %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %c = "tf.Greater"(%i, %z) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %v: tensor<?xf32>):
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %d = "tf.Sub"(%i, %one) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w = "tf.Snapshot"(%v) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    "tf.Yield"(%d, %w) : (tensor<i32>, tensor<?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  func.return %0#0, %0#1, %2, %x, %3#0, %3#1 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<i32>, tensor<?xf32>
}
func.func private @pass(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  func.return %a, %b : tensor<?xf32>, tensor<?xf32>
}
func.func private @swap_neg(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Identity"(%b) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Neg"(%a) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Identity"(%1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %2 : tensor<?xf32>, tensor<?xf32>
}
